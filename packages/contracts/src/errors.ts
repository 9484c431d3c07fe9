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
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NO_FILE: 'NO_FILE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Messages that more than one workspace shows. Spec texts are kept word for word. */
export const Messages = {
  validationFailed: 'Some fields are not valid. Please check them and try again.',
  bodyNotObject: 'The request body must be a JSON object.',
  routeNotFound: 'No such API route.',
  unauthenticated: 'Please log in as an admin to continue.',
  invalidCredentials: 'Invalid email or password.',
  originForbidden: 'This request came from a site that is not allowed.',
  rateLimitedLogin: 'Too many login attempts. Please wait a few minutes and try again.',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: (service: string) =>
    `The ${service} service is temporarily unavailable. Please try again in a moment.`,
  clientNotFound: (id: number) => `Client ${id} was not found.`,
  staffMemberNotFound: (id: number) => `Staff member ${id} was not found.`,
  domainMappingNotFound: (id: number) => `Domain mapping ${id} was not found.`,
  domainAlreadyMapped: (domain: string, path: string) =>
    `${domain}${path === '/' ? '' : path} is already mapped to a client. Delete that mapping first.`,
  fileNotFound: 'This file was not found.',
  notAdmin: 'This account does not have admin access.',
  notFound: 'This record was not found.',
  sessionStoreUnavailable: 'Sign-in is temporarily unavailable. Please try again in a moment.',
  requestTooLarge: 'The request is too large.',
  adminNotBuilt: 'The admin app is not built yet. Build it with npm run build:web.',
  lengthRequired: 'Send the request body with a Content-Length header.',
  invalidMultipart: 'The upload was not a valid multipart form. Please choose the image again.',
  oneImagePerUpload: 'Please upload one image at a time.',
  // admin spec §5: image uploader
  invalidFileType: 'Please select an image file (JPEG, PNG, etc.)',
  fileTooLarge: 'Image file must be smaller than 5MB',
  noFile: 'Please choose an image file to upload.',
  // admin spec §5: template editor image upload
  templateInvalidFileType: 'Please select an image file (JPG, PNG, GIF, etc.)',
  templateFileTooLarge: 'Please select an image smaller than 5MB',
  loginSuccessTitle: 'Login successful',
  loginSuccessText: 'Welcome to the admin dashboard!',
  logoutSuccessTitle: 'Logged out successfully',
  logoutSuccessText: 'You have been logged out of the admin dashboard.',
} as const;
