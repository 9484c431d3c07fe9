import { createServiceDataSource } from '@hap/service-kit';
import { AuditLogEntity } from '@hap/service-kit';
import { ClientEntity } from '../modules/client/client.entity';
import { DomainMappingEntity } from '../modules/domain-mapping/domain-mapping.entity';
import { ClientDomainEntity } from '../modules/custom-domain/client-domain.entity';
import { StaffMemberEntity } from '../modules/staff-member/staff-member.entity';
import { UserEntity } from '../modules/user/user.entity';
import { UserTokenEntity } from '../modules/clinic-user/user-token.entity';
import { CreateTenantTables1763900000000 } from './migrations/1763900000000-CreateTenantTables';
import { CreateSeedHistory1764000000000 } from './migrations/1764000000000-CreateSeedHistory';
import { AddClientWebhook1764400000000 } from './migrations/1764400000000-AddClientWebhook';
import { AddOnboardingAndCrm1764600000000 } from './migrations/1764600000000-AddOnboardingAndCrm';
import { AddOfflineConversionStatus1764900000000 } from './migrations/1764900000000-AddOfflineConversionStatus';
import { AddPortalProfileEditable1765200000000 } from './migrations/1765200000000-AddPortalProfileEditable';
import { AddClinicUsers1765300000000 } from './migrations/1765300000000-AddClinicUsers';
import { AddTwoFactorSignIn1765400000000 } from './migrations/1765400000000-AddTwoFactorSignIn';
import { AddNewLeadEmail1765600000000 } from './migrations/1765600000000-AddNewLeadEmail';
import { AddPasskeys1765700000000 } from './migrations/1765700000000-AddPasskeys';
import { AddClientDomains1765700000000 } from './migrations/1765700000000-AddClientDomains';
import { AddDomainHealth1766100000000 } from './migrations/1766100000000-AddDomainHealth';
import { AddClientDeletions1766350000000 } from './migrations/1766350000000-AddClientDeletions';
import { AddOnboardingRelay1766400000000 } from './migrations/1766400000000-AddOnboardingRelay';
import { AddLeadDetailEmail1766500000000 } from './migrations/1766500000000-AddLeadDetailEmail';
import { AddLeadAlerts1766500000001 } from './migrations/1766500000001-AddLeadAlerts';
import { AddFrontDeskAndViewerRoles1766600000000 } from './migrations/1766600000000-AddFrontDeskAndViewerRoles';
import { AddAdBudget1766700000000 } from './migrations/1766700000000-AddAdBudget';

export const SCHEMA = 'tenant';

export const TENANT_ENTITIES = [UserEntity, UserTokenEntity, ClientEntity, StaffMemberEntity, DomainMappingEntity, ClientDomainEntity, AuditLogEntity];

/** In order; a new migration goes at the end. */
export const TENANT_MIGRATIONS = [
  CreateTenantTables1763900000000,
  CreateSeedHistory1764000000000,
  AddClientWebhook1764400000000,
  AddOnboardingAndCrm1764600000000,
  AddOfflineConversionStatus1764900000000,
  AddPortalProfileEditable1765200000000,
  AddClinicUsers1765300000000,
  AddTwoFactorSignIn1765400000000,
  AddNewLeadEmail1765600000000,
  AddPasskeys1765700000000,
  AddClientDomains1765700000000,
  AddDomainHealth1766100000000,
  AddClientDeletions1766350000000,
  AddOnboardingRelay1766400000000,
  AddLeadDetailEmail1766500000000,
  AddLeadAlerts1766500000001,
  AddFrontDeskAndViewerRoles1766600000000,
  AddAdBudget1766700000000,
];

/** The tenant service's data source: its entities and migrations. */
export const createDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: SCHEMA,
    entities: TENANT_ENTITIES,
    migrations: TENANT_MIGRATIONS,
  });
