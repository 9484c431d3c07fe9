import type { CrmStatus, OfflineConversionStatus } from '@hap/contracts';
import { Column, Entity, PrimaryGeneratedColumn, type ValueTransformer } from 'typeorm';
import { TimestampColumns } from '@hap/service-kit';

/** A numeric column of dollars as a number (node-postgres reads numeric as text to keep its precision; cents fit a double). */
const DOLLARS: ValueTransformer = { to: (v: number | null | undefined) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A clinic (docs/admin.md#records clients). */
@Entity({ name: 'clients' })
export class ClientEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'address', type: 'text', nullable: true })
  address: string | null;

  @Column({ name: 'phone', type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'email', type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'website', type: 'text', nullable: true })
  website: string | null;

  @Column({ name: 'domain', type: 'text', nullable: true })
  domain: string | null;

  @Column({ name: 'brand_color', type: 'text', default: '#37a2d4' })
  brandColor: string;

  @Column({ name: 'brand_bg_color', type: 'text', default: '#00446f' })
  brandBgColor: string;

  @Column({ name: 'logo_path', type: 'text', nullable: true })
  logoPath: string | null;

  @Column({ name: 'office_image_path', type: 'text', nullable: true })
  officeImagePath: string | null;

  @Column({ name: 'google_ads_tag_id', type: 'text', nullable: true })
  googleAdsTagId: string | null;

  @Column({ name: 'google_ads_account_id', type: 'text', nullable: true })
  googleAdsAccountId: string | null;

  @Column({ name: 'google_ads_manager_id', type: 'text', nullable: true })
  googleAdsManagerId: string | null;

  @Column({ name: 'google_analytics_id', type: 'text', nullable: true })
  googleAnalyticsId: string | null;

  @Column({ name: 'facebook_pixel_id', type: 'text', nullable: true })
  facebookPixelId: string | null;

  @Column({ name: 'tracking_enabled', type: 'boolean', default: true })
  trackingEnabled: boolean;

  @Column({ name: 'conversion_tracking_enabled', type: 'boolean', default: true })
  conversionTrackingEnabled: boolean;

  /** The lead status counted as a Google Ads conversion. */
  @Column({ name: 'offline_conversion_status', type: 'text', default: 'booked' })
  offlineConversionStatus: OfflineConversionStatus;

  @Column({ name: 'booking_link', type: 'text', nullable: true })
  bookingLink: string | null;

  @Column({ name: 'ghl_subaccount_id', type: 'text', nullable: true })
  ghlSubaccountId: string | null;

  @Column({ name: 'ghl_subaccount_name', type: 'text', nullable: true })
  ghlSubaccountName: string | null;

  @Column({ name: 'ghl_created_at', type: 'timestamptz', nullable: true })
  ghlCreatedAt: Date | null;

  /** Where the CRM sub-account stands (contracts CrmStatusSchema); null: never asked for. */
  @Column({ name: 'crm_status', type: 'text', nullable: true })
  crmStatus: CrmStatus | null;

  @Column({ name: 'crm_error', type: 'text', nullable: true })
  crmError: string | null;

  @Column({ name: 'crm_updated_at', type: 'timestamptz', nullable: true })
  crmUpdatedAt: Date | null;

  /** Where each new lead is POSTed, signed; null: no webhook. */
  @Column({ name: 'webhook_url', type: 'text', nullable: true })
  webhookUrl: string | null;

  /** The HMAC-SHA256 key of the webhook's signature; made by tenant when a URL is first set. */
  @Column({ name: 'webhook_secret', type: 'text', nullable: true })
  webhookSecret: string | null;

  /** The agency lets the clinic's owner edit the portal's Profile and team. */
  @Column({ name: 'portal_profile_editable', type: 'boolean', default: true })
  portalProfileEditable: boolean;

  /** The agency's opt-in to e-mail each lead's patient details to the clinic's address (docs/leads.md#delivery); off by default. */
  @Column({ name: 'lead_detail_email', type: 'boolean', default: false })
  leadDetailEmail: boolean;

  /** Dollars a calendar month on Google Ads, and the cost of a booking counted as good (docs/campaigns.md#budget-pacing). */
  @Column({ name: 'monthly_ad_budget', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: DOLLARS })
  monthlyAdBudget: number | null;

  @Column({ name: 'target_cost_per_booking', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: DOLLARS })
  targetCostPerBooking: number | null;
}
