import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { UploadStorage } from '../upload/upload.storage';
import { receiveUpload } from '../upload/upload.multipart';
import type { PortalProfileService } from './portal-profile.service';

type PortalProfileOperations =
  | 'getPortalProfile'
  | 'updatePortalProfile'
  | 'uploadPortalImage'
  | 'listPortalTeam'
  | 'createPortalTeamMember'
  | 'updatePortalTeamMember'
  | 'deletePortalTeamMember';

/** The clinic portal's Profile, team and uploads: every row is access 'clinic'; the clinic is the identity's. */
export const portalProfileHandlers = (portal: PortalProfileService, storage: UploadStorage): Pick<RouteHandlers<'tenant'>, PortalProfileOperations> => ({
  getPortalProfile: (_input, request) => portal.profile(actorOf(request)),
  updatePortalProfile: ({ body }, request) => portal.updateProfile(actorOf(request), body),
  uploadPortalImage: (_input, request) => portal.upload(actorOf(request), () => receiveUpload(request, storage)),
  listPortalTeam: (_input, request) => portal.team(actorOf(request)),
  createPortalTeamMember: ({ body }, request) => portal.addMember(actorOf(request), body),
  updatePortalTeamMember: ({ params, body }, request) => portal.updateMember(actorOf(request), params.id, body),
  deletePortalTeamMember: ({ params }, request) => portal.removeMember(actorOf(request), params.id),
});
