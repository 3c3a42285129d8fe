/**
 * Constants of the specification, verbatim. Durations are in milliseconds unless the name says otherwise.
 * Nothing here imports React or Node: the server, the engine and codegen all read the same values.
 */

/** Product name used in page titles ("<page> | <suffix>") and on the sign-in page. */
export const PRODUCT_NAME = 'Isolation Admin Portal';
/** Default heading of the login module (spec 002 §2). */
export const LOGIN_APP_NAME_DEFAULT = 'Portal';

/** Cookie that names the signed-in user; readable by the page (spec 000 §9: "the user-id cookie"). */
export const USER_COOKIE = 'user_id';
/** Tornado-style xsrf cookie `2|mask|token|timestamp`; readable by the page. */
export const XSRF_COOKIE = '_xsrf';
/** Server-side session id; HttpOnly, never readable by the page. */
export const SESSION_COOKIE = 'sid';
/** Header that must echo the xsrf cookie on every state-changing call. */
export const XSRF_HEADER = 'X-XSRFToken';
/** A request carrying this header does not raise the 403 permission snackbar (spec 000 §6). */
export const SKIP_403_SNACKBAR_HEADER = 'X-Skip-Permission-Snackbar';
/**
 * A call the page makes on its own while the user is away (a poll, a refresh): the server does not count it as
 * activity for the session's idle time-out. Its value is `1`.
 */
export const BACKGROUND_HEADER = 'X-Background-Request';
/**
 * Answered with every call made in a session or with an API token: a digest of the caller's permissions and the
 * tenant's capabilities as the server applied them to this call. The page reads the user again when it changes, so a
 * role or capability change reaches the navigation and the screens with the user's next request.
 */
export const ACCESS_STAMP_HEADER = 'X-Access-Stamp';

/** Session inactivity default, in days (spec 000 §4): 0.042 day, about one hour. */
export const SESSION_LOGOUT_DAYS_DEFAULT = 0.042;
export const DAY_MS = 86_400_000;
/** Activity events reset the inactivity timer at most once per this many ms. */
export const ACTIVITY_THROTTLE_MS = 60_000;
/** User cookie lifetime value (spec 000 §9). */
export const USER_COOKIE_LIFETIME_MS = 3_628_800;

/** Snackbar durations (spec 000 §8, 002 §8–§9). */
export const SNACKBAR_403_MS = 5_000;
export const SNACKBAR_DEFAULT_MS = 3_000;
export const SNACKBAR_DOWNLOAD_MS = 3_000;
export const SNACKBAR_LOGIN_ERROR_MS = 3_000;
export const SNACKBAR_INVALID_FILE_TYPE_MS = 2_999;
export const SNACKBAR_MULTIPLE_UPLOAD_MS = 3_001;

/** Request time-out of the HTTP client when a call sets none. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Background jobs are polled once per second (spec 001 §9). */
export const JOB_POLL_MS = 1_000;
export const LICENSE_VALIDATION_TIMEOUT_MS = 60_000;
export const SAFEVIEW_APPROVAL_TIMEOUT_MS = 45_000;
export const SAFEVIEW_SERVICE_PORT = 8442;
/** Where an on-premises portal opens on its settings instead of its policy (spec 000 §2, empty root). */
export const APPLIANCE_SETTINGS_PATH = '/appliance-settings/';
export const POLICY_REVISION_PAGE_SIZE = 25;

/** Texts of the error catalogue (spec 000 §8, 001 §8), verbatim. */
export const MESSAGES = {
  notAuthorized: 'User not authorized',
  forbidden: 'Operation can’t be completed because you don’t have the necessary permissions',
  timeout: (service: string, method: string) => `Request timeout. ({${service} : ${method}})`,
  onPremLogsDisabled:
    'Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page.',
  notFoundTitle: 'Oops! Error 404 - Page Not Found',
  notFoundText: 'The page you’re looking for doesn’t exist or another error occurred.',
  loginFailedDefault: 'An error occurred.',
  cannotGetUser: 'Can not get user data.',
  cannotSetCookie: 'Can not set cookie.',
  jobFailure: 'job failure',
  licenseCheckFailure: 'license check failure',
  noApplianceCert: 'Could not fetch appliance certificate',
  staleSave: 'This area was changed by someone else since you loaded it. Reload to see their changes.',
  validationFailed: 'The request is not valid.',
} as const;
