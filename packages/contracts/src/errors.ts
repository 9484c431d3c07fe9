/** Stable error codes: clients branch on these, people read the message. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  ORIGIN_FORBIDDEN: 'ORIGIN_FORBIDDEN',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  LENGTH_REQUIRED: 'LENGTH_REQUIRED',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NO_FILE: 'NO_FILE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  /** An invitation or reset link that was already used, or whose 72 hours are over (410). */
  LINK_USED: 'LINK_USED',
  LINK_EXPIRED: 'LINK_EXPIRED',
  /** A wrong or already used two-factor code (401), or a sign-in challenge that ended (401). */
  INVALID_CODE: 'INVALID_CODE',
  MFA_CHALLENGE_EXPIRED: 'MFA_CHALLENGE_EXPIRED',
  /** An admin who must turn on two-factor sign-in before anything else (403). */
  MFA_SETUP_REQUIRED: 'MFA_SETUP_REQUIRED',
  /** Adding a sign-in method needs a sign-in within RECENT_SIGN_IN_MINUTES (403): the screen offers to sign in again. */
  RECENT_SIGN_IN_REQUIRED: 'RECENT_SIGN_IN_REQUIRED',
  /** A booking whose time another took first (409); the answer offers `nextSlots`. */
  SLOT_TAKEN: 'SLOT_TAKEN',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Messages that more than one workspace shows. Spec texts are kept word for word. */
export const Messages = {
  validationFailed: 'Some fields are not valid. Please check them and try again.',
  bodyNotObject: 'The request body must be a JSON object.',
  routeNotFound: 'No such API route.',
  unauthenticated: 'Please log in as an admin to continue.',
  /** An admin row asked with a session cookie that no longer opens a session (idle or absolute expiry, logout elsewhere). */
  sessionExpired: 'Your session has expired. Please log in again.',
  invalidCredentials: 'Invalid email or password.',
  originForbidden: 'This request came from a site that is not allowed.',
  rateLimitedLogin: 'Too many login attempts. Please wait a few minutes and try again.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: (service: string) =>
    `The ${service} service is temporarily unavailable. Please try again in a moment.`,
  clientNotFound: (id: number) => `Client ${id} was not found.`,
  webhookNotSet: 'Set a webhook URL first; its secret is made with it.',
  staffMemberNotFound: (id: number) => `Staff member ${id} was not found.`,
  domainMappingNotFound: (id: number) => `Domain mapping ${id} was not found.`,
  domainAlreadyMapped: (domain: string, path: string) =>
    `${domain}${path === '/' ? '' : path} is already mapped to a client. Delete that mapping first.`,
  fileNotFound: 'This file was not found.',
  serviceTemplateNotFound: (id: number) => `Service template ${id} was not found.`,
  campaignNotFound: (id: number) => `Google Ads campaign ${id} was not found.`,
  campaignJobNotFound: (id: string) => `Campaign request ${id} was not found.`,
  // docs/admin.md#messages (the preview's toasts carry these texts)
  noServiceCampaigns: "This service doesn't have Google Ads campaigns generated yet. Generate campaigns first in Google Ads Templates.",
  previewClientNotFound: 'Unable to find client data for preview.',
  // docs/domains.md: campaign URLs follow the clinic's own domain; a failing one stops launches.
  domainFailing: (domain: string, reason: string | null) =>
    `${domain} is failing its daily check${reason ? `: ${reason.replace(/[.\s]+$/, '')}` : ''}. Campaigns cannot be launched or tested on it until it passes again; fix the domain or pause the campaigns that use it.`,
  domainFailingLink: (name: string) => `Open ${name}'s Domains`,
  platformOriginMissing: 'The platform’s public address (PUBLIC_BASE_URL) is not configured for the ads service, so a clinic without its own domain has no landing URL.',
  // Testing and launching (docs/admin.md#validation, docs/admin.md#messages)
  googleAdsAccountRequired: "Please configure the client's Google Ads account ID in their settings first.",
  googleAdsNotConfigured:
    'Google Ads is not configured. Set GOOGLE_ADS_DEVELOPER_TOKEN, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET and GOOGLE_ADS_TOKEN_KEY for the ads service.',
  googleAdsNotConnected: "Google Ads is not connected. Connect the agency's Google Ads account on the Google Ads Authentication page first.",
  serviceNotOfClient: (serviceId: number, clientId: number) => `Service ${serviceId} does not belong to client ${clientId}.`,
  clinicAddressUnreadable: (name: string) =>
    `${name}'s address must read like "12 Elm Street, Austin, TX 78701" for the campaign's radius. Fix it in the client's settings.`,
  launchStructureIssues: (count: number) => `Structure Issues Found: ${count} issue${count === 1 ? '' : 's'} must be fixed before launching.`,
  /** docs/campaigns.md#healthcare-policy-check: what stops a launch before Google sees it. */
  launchPolicyWarnings: (count: number) =>
    `Check Before Launching: ${count} policy warning${count === 1 ? '' : 's'}. Google shows ${count === 1 ? 'this' : 'these'} only to certified advertisers or restricts ${count === 1 ? 'it' : 'them'} in health ads. Confirm to launch anyway.`,
  launchPolicyIssues: (count: number) => `Policy Issues Found: ${count} issue${count === 1 ? '' : 's'} would get the ads disapproved. Fix ${count === 1 ? 'it' : 'them'} before launching.`,
  /** docs/campaigns.md#ad-texts-follow-the-template: the launch's confirmation, for ad texts reaching running campaigns. */
  adTextPolicyWarnings: (count: number) =>
    `Check Before Updating: ${count} policy warning${count === 1 ? '' : 's'} in the new ad texts. Google shows ${count === 1 ? 'this' : 'these'} only to certified advertisers or restricts ${count === 1 ? 'it' : 'them'} in health ads. Confirm to update anyway.`,
  launchNotFound: (id: string) => `Campaign launch ${id} was not found.`,
  /** docs/admin.md: a relaunch needs its own yes; the date is the launch's day (YYYY-MM-DD, UTC). */
  alreadyLaunched: (date: string, campaignName: string) =>
    `This service was already launched on ${date} as ${campaignName}. Confirm launching another campaign to create a second one in Google Ads.`,
  launchUnderWay: 'A launch of this service is under way. Its result appears in the launch log when Google Ads answers.',
  clinicWithoutAdsAccount: 'The clinic has no Google Ads account id: set it in the client settings.',
  conversionRefused: (reason: string) => `Google Ads refused the conversion: ${reason}`,
  adsAiNotConfigured: 'AI campaign generation is not configured. Set OPENAI_API_KEY and OPENAI_MODEL for the ads service.',
  aiNotConfigured: 'AI generation is not configured. Set OPENAI_API_KEY and OPENAI_MODEL for the templates service.',
  templateCategoryNotFound: (id: number) => `Category ${id} was not found. Please pick one from the list.`,
  generationNotFound: (id: number) => `Template generation ${id} was not found.`,
  clientServiceNotFound: (id: number) => `Client service ${id} was not found.`,
  /** Template rollout (docs/template-rollout.md). */
  templateVersionNotFound: (templateId: number, version: number) => `Version ${version} of template ${templateId} was not found.`,
  clinicsWithoutTemplate: (clientIds: readonly number[]) =>
    `${clientIds.length === 1 ? `Clinic ${clientIds[0]} does not have` : `Clinics ${clientIds.join(', ')} do not have`} a service of this template.`,
  templatePushNotFound: (id: number) => `Push ${id} was not found.`,
  pushOlderVersion: (current: number, pushed: number) => `Already on version ${current}, newer than version ${pushed}.`,
  rollbackNotInPush: (pushId: number) => `Push ${pushId} did not change this clinic's service.`,
  rollbackAlreadyDone: 'This push was already rolled back for this clinic.',
  rollbackChangedSince: "This clinic's page changed after the push; a rollback would undo those changes too. Edit the page instead.",
  // docs/public-site.md#messages
  unifiedContentNotFound: (path: string) => `Unified content not found for path: ${path}`,
  templateSlugTaken: (slug: string) => `Another template already uses the slug "${slug}".`,
  clientServiceExists: 'This client already has a service for this template.',
  clientServicePathTaken: (path: string) => `Another of this client's services already uses the path "${path}".`,
  // Experiments
  experimentNotFound: (id: number) => `Experiment ${id} was not found.`,
  experimentServiceNotClinics: (serviceId: number, clientId: number) => `Service ${serviceId} is not one of clinic ${clientId}'s services.`,
  experimentServiceInactive: 'This service’s page is not live. Activate the service before testing its styles.',
  experimentAlreadyOpen: 'This service already has an experiment running or paused. Stop it before starting another.',
  experimentStopped: 'This experiment has stopped; start a new one to test again.',
  experimentNotRunning: 'Only a running experiment can be paused.',
  experimentNotPaused: 'Only a paused experiment can be resumed.',
  experimentArmsFixed: 'A started experiment keeps its styles: change their weights, or stop it and start a new one.',
  experimentWinnerNotArm: (variant: string) => `Style ${variant} is not one of this experiment's styles.`,
  // Leads (docs/public-site.md#validation; the form shows its own toast, these say why to whoever reads the API)
  leadServiceNotFound: (serviceId: number, clientId: number) => `Service ${serviceId} of client ${clientId} was not found.`,
  leadServiceInactive: 'This service is not taking online requests right now. Please call us directly.',
  leadIdempotencyMismatch: 'This submission key was already used with different details. Please submit the form again.',
  leadFormKeyReserved: 'An idempotency key may not start with "form-".',
  leadsRateLimited: 'Too many requests were sent from your network. Please wait a few minutes or call us directly.',
  // Admin Leads inbox
  leadNotFound: (id: number) => `Lead ${id} was not found.`,
  leadsNotFound: (ids: number[]) =>
    `${ids.length === 1 ? `Lead ${ids[0]} was` : `Leads ${ids.join(', ')} were`} not found; no status was changed.`,
  leadDeliveryNotFound: (id: number) => `Delivery ${id} was not found.`,
  leadStatusMovedOn: (status: string) =>
    `This lead was moved to ${status} by someone else in the meantime. Reload it and try again.`,
  leadDeliveryNotFailed: (status: string) => `Only a failed delivery can be retried; this one is ${status.replace('_', ' ')}.`,
  leadDeliveryBusy: 'This delivery is being attempted right now. Try again in a moment.',
  // Onboarding and the CRM (docs/public-site.md#pages-and-routes, docs/public-site.md#messages; docs/admin.md#clients)
  onboardingRateLimited: 'Too many sign-ups were sent from your network. Please wait a few minutes and try again.',
  onboardingUnknownServices: (ids: number[]) =>
    `Service${ids.length === 1 ? '' : 's'} ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} no longer offered. Please go back and choose again.`,
  onboardingIdempotencyMismatch: 'This sign-up was already sent with different details. Please reload the page and try again.',
  crmAccountExists: (name: string) => `This clinic already has a CRM account (${name}).`,
  crmAccountBusy: 'A CRM account is being created for this clinic right now. Try again in a moment.',
  crmSubaccountNotFound: (id: string) => `No clinic has the CRM sub-account ${id}.`,
  notAdmin: 'This account does not have admin access.',
  notClinicUser: 'This page is for clinic accounts. Sign in with your clinic login.',
  /** An admin viewing a clinic's portal tried to change something. */
  readOnlyView: 'Read-only view: you are viewing this clinic as the agency.',
  notClinicOwner: 'Only the clinic’s owner can do this.',
  /** A viewer (docs/portal.md#roles) tried to change something. */
  viewerReadOnly: 'Your account can view this clinic but not change it. Ask the clinic’s owner for front desk access.',
  notFound: 'This record was not found.',
  // Clinic users and the portal's sign-in
  clinicUserNotFound: (id: number) => `User ${id} was not found.`,
  /**
   * An invitation to an address that already belongs to a user, in the same words whoever that is
   * (the clinic's own user, another clinic's, an admin): saying where would let a clinic find out
   * who else uses the platform (services/tenant/README.md, Clinic users).
   */
  userEmailInUse: 'This e-mail address is already in use. Each e-mail address can belong to one user only: please use another.',
  invitationMailed: (email: string) => `An invitation was e-mailed to ${email}. The link works once, for 72 hours.`,
  invitationMailOff:
    'E-mail is not configured, so no invitation was sent: hand this link to the user yourself. It works once, for 72 hours.',
  invitationMailFailed: 'The invitation e-mail could not be sent. Please try again in a moment.',
  invitationForActiveUser: 'This user has already set a password. Ask them to use “Forgot password” instead.',
  linkInvalid: 'This link is not valid. Check that you opened the whole link, or ask for a new one.',
  linkUsed: 'This link was already used, or a newer one was sent since. Sign in with your password, or ask for a new link.',
  linkExpired: 'This link has expired: links work for 72 hours. Ask for a new one.',
  passwordResetRequested: 'If an account uses this e-mail address, a link to choose a new password is on its way. It works once, for 72 hours.',
  passwordResetMailOff: 'Password reset by e-mail is not available because e-mail is not configured. Ask your agency for a new invitation link.',
  passwordChanged: 'Your password was changed. Sign in with the new one.',
  lastActiveOwner: (email: string) => `${email} is the clinic’s only active owner. Make another user owner first, so someone can still manage the clinic’s users and profile.`,
  ownerCannotRemoveSelf: 'You cannot remove your own account. Ask the agency to do it.',
  // Two-factor sign-in
  mfaInvalidCode: 'That code is not right, or was already used. Enter the current code from your authenticator app.',
  mfaInvalidRecoveryCode: 'That recovery code is not right, or was already used.',
  mfaChallengeExpired: 'This sign-in took too long or was already finished. Please log in again.',
  mfaSetupRequired: 'Set up two-factor sign-in to continue.',
  mfaAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  mfaNotPending: 'Start the set-up first: press Set up to get a new secret.',
  mfaNotOn: 'Two-factor sign-in is not on.',
  mfaRequiredForAdmins: 'Two-factor sign-in is required for admins and cannot be turned off.',
  mfaWrongPassword: 'That password is not right.',
  // Passkeys
  passkeyNotVerified: 'Your passkey could not be checked. Try again, or use another passkey or your authenticator app.',
  passkeyUnknown: 'This passkey is not registered for this account, or was removed. Sign in another way and add it again on the Security page.',
  passkeyCloned: 'This passkey was refused: its signature counter went backwards, so it may have been copied. Sign in another way and check your passkeys on the Security page.',
  passkeyUserNotVerified: 'Your device did not verify you (PIN, fingerprint or face). Passkey sign-in needs that; try again or sign in with your password.',
  passkeyAccountDisabled: 'This account cannot sign in. Ask your agency (or your clinic’s owner) about it.',
  passkeyWrongLogin: 'This passkey belongs to a clinic user. Sign in at /portal/login.',
  passkeyCeremonyEnded: 'This passkey sign-in took too long or was already used. Please try again.',
  passkeyAlreadyAdded: 'This passkey is already added to an account.',
  passkeyLimit: (max: number) => `You have ${max} passkeys, the most an account can keep. Remove one first.`,
  passkeyNotFound: (id: number) => `Passkey ${id} not found.`,
  passkeyLastFactor: 'This is your only second factor, and admins must keep one. Add another passkey or turn on the authenticator app first.',
  recentSignInRequired: (minutes: number) =>
    `For your safety, sign in again before adding a way to sign in: your last sign-in was more than ${minutes} minutes ago.`,
  passkeyOriginMissing: 'Passkeys are not configured: set WEBAUTHN_ORIGIN or PUBLIC_BASE_URL.',
  adminUsesAdminLogin: 'This is an agency admin account. Sign in at /admin/login.',
  portalUnauthenticated: 'Please sign in to the portal to continue.',
  signInChangeUnavailable: 'Sign-in changes cannot be applied right now, so nothing was changed. Please try again in a moment.',
  sessionStoreUnavailable: 'Sign-in is temporarily unavailable. Please try again in a moment.',
  requestTooLarge: 'The request is too large.',
  adminNotBuilt: 'The admin app is not built yet. Build it with npm run build:web.',
  lengthRequired: 'Send the request body with a Content-Length header.',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  jsonRequired: 'Send the request body as JSON (Content-Type: application/json).',
  malformedRequest: 'This request is malformed.',
  invalidMultipart: 'The upload was not a valid multipart form. Please choose the image again.',
  oneImagePerUpload: 'Please upload one image at a time.',
  // docs/admin.md#validation: image uploader
  invalidFileType: 'Please select an image file (JPEG, PNG, etc.)',
  fileTooLarge: 'Image file must be smaller than 5MB',
  noFile: 'Please choose an image file to upload.',
  // docs/admin.md#validation: template editor image upload
  templateInvalidFileType: 'Please select an image file (JPG, PNG, GIF, etc.)',
  templateFileTooLarge: 'Please select an image smaller than 5MB',
  loginSuccessTitle: 'Login successful',
  loginSuccessText: 'Welcome to the admin dashboard!',
  logoutSuccessTitle: 'Logged out successfully',
  logoutSuccessText: 'You have been logged out of the admin dashboard.',
} as const;
