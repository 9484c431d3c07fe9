import { AuditLogEntity, createServiceDataSource } from '@hap/service-kit';
import { CreateLeadsSchema1763800000000 } from './migrations/1763800000000-CreateLeadsSchema';
import { CreateLeadsTables1764300000000 } from './migrations/1764300000000-CreateLeadsTables';
import { AddConversionDeliveries1764900000000 } from './migrations/1764900000000-AddConversionDeliveries';
import { RecordConsentStatus1765100000000 } from './migrations/1765100000000-RecordConsentStatus';
import { CreatePageViewRollups1765400000000 } from './migrations/1765400000000-CreatePageViewRollups';
import { RecordLeadSource1765400000001 } from './migrations/1765400000001-RecordLeadSource';
import { PageViewTotals1765700000000 } from './migrations/1765700000000-PageViewTotals';
import { AddUserEmailDeliveries1765800000000 } from './migrations/1765800000000-AddUserEmailDeliveries';
import { RecordExperiments1766000000000 } from './migrations/1766000000000-RecordExperiments';
import { IndexLeadsForResults1765600000000 } from './migrations/1765600000000-IndexLeadsForResults';
import { CreateBookingTables1766100000000 } from './migrations/1766100000000-CreateBookingTables';
import { OneLiveAppointmentPerLead1766150000000 } from './migrations/1766150000000-OneLiveAppointmentPerLead';
import { AppointmentChanges1766200000000 } from './migrations/1766200000000-AppointmentChanges';
import { AddPatientEmailDeliveries1766300000000 } from './migrations/1766300000000-AddPatientEmailDeliveries';
import { SpeedToLead1766400000000 } from './migrations/1766400000000-SpeedToLead';
import { AddUserPushDeliveries1766500000000 } from './migrations/1766500000000-AddUserPushDeliveries';
import { LeadNudges1766600000000 } from './migrations/1766600000000-LeadNudges';
import { IndexUnmatchedTexts1766700000000 } from './migrations/1766700000000-IndexUnmatchedTexts';
import { FrontDesk1766800000000 } from './migrations/1766800000000-FrontDesk';
import { ResultCells1766900000000 } from './migrations/1766900000000-ResultCells';
import { BudgetAlerts1767000000000 } from './migrations/1767000000000-BudgetAlerts';

export const SCHEMA = 'leads';

export const LEADS_ENTITIES = [AuditLogEntity];

/** In order; a new migration goes at the end. */
export const LEADS_MIGRATIONS = [CreateLeadsSchema1763800000000, CreateLeadsTables1764300000000, AddConversionDeliveries1764900000000, RecordConsentStatus1765100000000, CreatePageViewRollups1765400000000, RecordLeadSource1765400000001, IndexLeadsForResults1765600000000, PageViewTotals1765700000000, AddUserEmailDeliveries1765800000000, RecordExperiments1766000000000, CreateBookingTables1766100000000, OneLiveAppointmentPerLead1766150000000, AppointmentChanges1766200000000, AddPatientEmailDeliveries1766300000000, SpeedToLead1766400000000, AddUserPushDeliveries1766500000000, LeadNudges1766600000000, IndexUnmatchedTexts1766700000000, FrontDesk1766800000000, ResultCells1766900000000, BudgetAlerts1767000000000];

/** The leads service's data source. Leads are written with SQL of their own (lead.repository.ts: one round trip each, ON CONFLICT). */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: LEADS_ENTITIES, migrations: LEADS_MIGRATIONS });
