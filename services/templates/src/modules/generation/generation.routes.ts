import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { GenerationService } from './generation.service';

type GenerationOperations = 'createTemplate' | 'getTemplateGeneration' | 'getAiStatus';

/** /api/templates/create and the generation it starts (docs/admin.md#templates, docs/admin.md#calls). */
export const generationHandlers = (generations: GenerationService): Pick<RouteHandlers<'templates'>, GenerationOperations> => ({
  createTemplate: ({ body }, request) => generations.create(actorOf(request), body),
  getTemplateGeneration: ({ params }, request) => generations.get(actorOf(request), params.id),
  getAiStatus: (_input, request) => generations.status(actorOf(request)),
});
