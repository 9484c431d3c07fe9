import {
  assetUrl,
  clinicDomainOf,
  ErrorCode,
  PORTAL_PROFILE_FIELDS,
  PortalMessages,
  type Client,
  type PortalProfile,
  type PortalProfileUpdate,
  type PortalTeamMemberCreate,
  type StaffMember,
  type StaffMemberUpdate,
  type UploadResult,
} from '@hap/contracts';
import { AppError, forbidden, requireClinicOwner, requireClinicUser, type Actor } from '@hap/service-kit';
import type { ClientService } from '../client/client.service';
import type { StaffMemberService } from '../staff-member/staff-member.service';
import type { ReceivedUpload } from '../upload/upload.multipart';
import { portalImageUpload, UPLOADS_PREFIX, type UploadService } from '../upload/upload.service';
import { isStoredName } from '../upload/upload.storage';

/** A path this platform's uploader answered (`/uploads/<folder>/<stored name>`), so the image is served from here. */
const isUploadedImage = (path: string) => path.startsWith(`${UPLOADS_PREFIX}/`) && isStoredName(path.slice(UPLOADS_PREFIX.length + 1));

/**
 * An image a clinic sets must be one of this platform's uploads: a path to
 * another host would hand every visitor of the clinic's health pages to it
 * (docs/tracking-privacy.md). Clearing it, or sending back the value it has (one the
 * agency set), is always fine.
 */
function assertUploadedImages(values: Record<string, string | null | undefined>, current: Record<string, string | null>): void {
  const issues = Object.entries(values)
    .filter(([field, value]) => value !== undefined && value !== null && value !== current[field] && !isUploadedImage(value))
    .map(([field]) => ({ path: field, message: PortalMessages.uploadedImageOnly }));
  if (issues.length) throw new AppError(400, ErrorCode.VALIDATION_FAILED, PortalMessages.uploadedImageOnly, issues);
}

const toProfile = (client: Client): PortalProfile => ({
  id: client.id,
  name: client.name,
  phone: client.phone,
  email: client.email,
  address: client.address,
  logoPath: client.logoPath,
  officeImagePath: client.officeImagePath,
  logoUrl: assetUrl(client.logoPath),
  officeImageUrl: assetUrl(client.officeImagePath),
  brandColor: client.brandColor,
  brandBgColor: client.brandBgColor,
  // Its live domain (custom domains: active, or failing with a certificate), never an address not proved yet.
  domain: clinicDomainOf(client.siteDomain),
  editable: client.portalProfileEditable,
  editableFields: [...PORTAL_PROFILE_FIELDS],
  updatedAt: client.updatedAt,
});

/**
 * The clinic portal's Profile, team and image uploads: the
 * admin's code (ClientService, StaffMemberService, UploadService) with the
 * clinic fixed to the signed clinic user's, never taken from the request.
 * Reads: owner and staff; writes: the owner, while the agency leaves the
 * clinic's `portalProfileEditable` on.
 */
export class PortalProfileService {
  constructor(
    private readonly clients: ClientService,
    private readonly staff: StaffMemberService,
    private readonly uploads: UploadService,
  ) {}

  async profile(actor: Actor): Promise<PortalProfile> {
    const { clientId } = requireClinicUser(actor.identity);
    return toProfile(await this.clients.record(clientId));
  }

  /** The admin's update path with the clinic fixed; the lock and the images are checked on the locked row. */
  async updateProfile(actor: Actor, input: PortalProfileUpdate): Promise<PortalProfile> {
    const { clientId } = requireClinicOwner(actor.identity);
    const after = await this.clients.write(actor, clientId, input, (before) => {
      if (!before.portalProfileEditable) throw forbidden(PortalMessages.profileLocked);
      assertUploadedImages(
        { logoPath: input.logoPath, officeImagePath: input.officeImagePath },
        { logoPath: before.logoPath, officeImagePath: before.officeImagePath },
      );
    });
    return toProfile(after);
  }

  /** The owner's upload: refused before a byte is read unless the owner may edit the profile. */
  async upload(actor: Actor, receive: () => Promise<ReceivedUpload>): Promise<UploadResult> {
    const { clientId } = await this.editor(actor);
    return this.uploads.store(receive, portalImageUpload(clientId));
  }

  async team(actor: Actor): Promise<StaffMember[]> {
    const { clientId } = requireClinicUser(actor.identity);
    return this.staff.listForClient(clientId);
  }

  async addMember(actor: Actor, input: PortalTeamMemberCreate): Promise<StaffMember> {
    const { clientId } = await this.editor(actor);
    assertUploadedImages({ imagePath: input.imagePath }, { imagePath: null });
    return this.staff.add(actor, { ...input, clientId });
  }

  async updateMember(actor: Actor, id: number, input: StaffMemberUpdate): Promise<StaffMember> {
    const { clientId } = await this.editor(actor);
    if (input.imagePath) {
      // Another clinic's member (not in this team) is change()'s 404, before any word on its image.
      const mine = (await this.staff.listForClient(clientId)).find((m) => m.id === id);
      if (mine) assertUploadedImages({ imagePath: input.imagePath }, { imagePath: mine.imagePath });
    }
    return this.staff.change(actor, id, input, clientId);
  }

  async removeMember(actor: Actor, id: number): Promise<{ id: number }> {
    const { clientId } = await this.editor(actor);
    return this.staff.removeOf(actor, id, clientId);
  }

  /** The clinic's owner, while the agency lets the clinic edit its profile: else 403 in words. */
  private async editor(actor: Actor) {
    const owner = requireClinicOwner(actor.identity);
    if (!(await this.clients.record(owner.clientId)).portalProfileEditable) throw forbidden(PortalMessages.profileLocked);
    return owner;
  }
}
