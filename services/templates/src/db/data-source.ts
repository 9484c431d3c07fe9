import { AuditLogEntity, createServiceDataSource } from '@hap/service-kit';
import { ClientServiceEntity } from '../modules/client-service/client-service.entity';
import { ServiceTemplateEntity, TemplateCategoryEntity, TemplateSubcategoryEntity } from '../modules/catalogue/catalogue.entity';
import { CreateTemplatesSchema1763800000000 } from './migrations/1763800000000-CreateTemplatesSchema';
import { CreateTemplatesTables1764100000000 } from './migrations/1764100000000-CreateTemplatesTables';
import { AddServiceFormColumns1764200000000 } from './migrations/1764200000000-AddServiceFormColumns';
import { CreateGenerationJobs1764500000000 } from './migrations/1764500000000-CreateGenerationJobs';
import { CreateExperiments1766000000000 } from './migrations/1766000000000-CreateExperiments';
import { CreatePagePathHistory1766300000000 } from './migrations/1766300000000-CreatePagePathHistory';
import { CreateTemplateVersions1767200000000 } from './migrations/1767200000000-CreateTemplateVersions';
import { AddPageSections1767300000000 } from './migrations/1767300000000-AddPageSections';
import { ExperimentEntity } from '../modules/experiment/experiment.entity';
import { TemplatePushClinicEntity, TemplatePushEntity, TemplateVersionEntity } from '../modules/rollout/rollout.entity';

export const SCHEMA = 'templates';

export const TEMPLATES_ENTITIES = [
  TemplateCategoryEntity,
  TemplateSubcategoryEntity,
  ServiceTemplateEntity,
  ClientServiceEntity,
  ExperimentEntity,
  TemplateVersionEntity,
  TemplatePushEntity,
  TemplatePushClinicEntity,
  AuditLogEntity,
];

/** In order; a new migration goes at the end. */
export const TEMPLATES_MIGRATIONS = [CreateTemplatesSchema1763800000000, CreateTemplatesTables1764100000000, AddServiceFormColumns1764200000000, CreateGenerationJobs1764500000000, CreateExperiments1766000000000, CreatePagePathHistory1766300000000, CreateTemplateVersions1767200000000, AddPageSections1767300000000];

/** The templates service's data source: its entities and migrations. */
export const createDataSource = (url: string) =>
  createServiceDataSource({ url, schema: SCHEMA, entities: TEMPLATES_ENTITIES, migrations: TEMPLATES_MIGRATIONS });
