/**
 * Every text the accounts screens and the /api/auth routes show, in one place.
 * Groups marked "spec" are the spec's, verbatim; the rest fill cases the spec
 * leaves open (throttling, expired codes, sessions).
 */

/** A form's outcome as the accounts screens show it: a titled message. */
export type AuthAlert = {
  /** Changes with every answer, so the same message twice still toasts twice. */
  id: string;
  type: "error" | "success" | "info";
  title: string;
  message: string;
};

export const AUTH_TITLES = {
  // spec, toast titles
  validationError: "Validation Error",
  loginFailed: "Login Failed",
  googleLoginFailed: "Google Login Failed",
  googleLoginError: "Google Login Error",
  passwordMismatch: "Password Mismatch",
  passwordTooShort: "Password Too Short",
  passwordTooWeak: "Password Too Weak",
  registrationFailed: "Registration Failed",
  googleRegistrationFailed: "Google Registration Failed",
  registrationRequired: "Registration Required",
  // ours
  verificationFailed: "Verification Failed",
  emailVerified: "Email Verified",
  codeSent: "Code Sent",
  tooManyAttempts: "Too Many Attempts",
  passwordResetFailed: "Password Reset Failed",
  passwordReset: "Password Reset",
  requestFailed: "Request Failed",
  signedOut: "Signed Out",
  welcomeBack: "Welcome Back",
  welcome: "Welcome to MedMentor",
  profileUpdated: "Profile Updated",
  passwordChanged: "Password Changed",
  updateFailed: "Update Failed",
} as const;

export const AUTH_MESSAGES = {
  // spec, validation
  requiredFields: "Please fill in all required fields.",
  passwordsDoNotMatch: "Passwords do not match. Please try again.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordTooWeak:
    "Password must contain at least one uppercase letter, one lowercase letter, and one number.",
  codeIncomplete: "Please enter the complete 6-digit code",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  resetCodeIncomplete: "Please enter the complete 6-digit reset code",
  newPasswordRequired: "Please enter a new password",
  resetPasswordsDoNotMatch: "Passwords do not match",

  // spec, screens
  loginFailedFallback: "Please check your credentials and try again.",
  googleLoginFailed: "Failed to login with Google. Please try again.",
  registrationRequired: "Please complete the registration process first.",
  verificationFailed: "Verification failed. Please try again.",
  sendResetEmailFailed: "Failed to send reset email. Please try again.",
  resendResetEmailFailed: "Failed to resend reset email",
  passwordResetFailedRetry: "Password reset failed. Please try again.",
  resendResetCodeFailed: "Failed to resend reset code",
  authenticationFailed: "Authentication failed",

  // Validation the spec leaves open
  passwordTooLong: "Password must be at most 128 characters long.",
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  nameTooLong: "Please use at most 60 characters",
  medicalSchoolRequired: "Please enter your medical school",
  medicalSchoolTooLong: "Please use at most 120 characters",
  yearRequired: "Please select your current year",
  termsRequired: "Please accept the Terms of Service and Privacy Policy",
  currentPasswordRequired: "Please enter your current password",
  newPasswordSameAsCurrent: "Your new password must be different from your current one.",

  // Outcomes
  registrationStarted:
    "Registration successful. Please check your email for the 6-digit verification code.",
  emailAlreadyRegistered: "An account with this email already exists. Please log in instead.",
  verificationCodeSent: "A new verification code has been sent to your email.",
  emailVerified: "Your email is verified and you are now signed in.",
  emailAlreadyVerified: "This email is already verified. Please log in.",
  codeExpired: "This code has expired. Please request a new one.",
  codeLocked: "Too many incorrect attempts. Please request a new code.",
  invalidCredentials: "Invalid email or password.",
  emailNotVerified:
    "Please verify your email address to continue. Enter the 6-digit code we sent you.",
  loginSucceeded: "Login successful",
  loggedOut: "You have been logged out.",
  loggedOutHere:
    "You are signed out on this device. We could not end the session everywhere; try again later.",
  resetCodeSentIfAccount:
    "If an account exists for this email, we have sent a 6-digit password reset code to it.",
  resetCodeInvalid:
    "The reset code is incorrect or has expired. Please check it or request a new one.",
  passwordResetDone: "Your password has been reset. Please log in with your new password.",
  profileUpdated: "Your profile has been updated.",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  currentPasswordWrong: "Your current password is incorrect.",
  sessionEnded: "Your session has ended. Please log in again.",
  googleUnavailable: "Google sign-in is not available.",
  googleEmailUnverified: "Your Google account's email address is not verified with Google.",
  googleAccountConflict: "This email is already linked to a different Google account.",
  googleCancelled: "Google sign-in was cancelled or could not be completed.",
  malformedJson: "The request body must be valid JSON.",
  jsonRequired: "Send the request body as JSON (Content-Type: application/json).",
  methodNotAllowed: "Method not allowed.",
} as const;

/** spec, service fallbacks: what each /api/auth call answers when nothing more specific applies. */
export const API_FALLBACKS = {
  register: "Registration failed",
  verifyEmail: "Email verification failed",
  resendOtp: "Failed to resend verification code",
  forgotPassword: "Failed to send password reset email",
  resetPassword: "Password reset failed",
  resendResetToken: "Failed to resend password reset code",
  login: "Login failed",
  me: "Failed to fetch profile",
  profile: "Profile update failed",
  changePassword: "Password change failed",
  googleAuth: "Google authentication failed",
  logout: "Logout failed",
} as const;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds <= 90
    ? `Too many attempts. Please try again in ${Math.max(1, retryAfterSeconds)} seconds.`
    : `Too many attempts. Please try again in ${minutes} minutes.`;
}

/**
 * A sign-in locked by too many password tries for the account. The reset is
 * never locked and lifts the lock, so the owner always has a way in.
 */
export function loginLockedMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds <= 90
      ? `${Math.max(1, retryAfterSeconds)} seconds`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many sign-in attempts. Try again in ${wait}, or reset your password to sign in now.`;
}

export function resendCooldownMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, retryAfterSeconds);
  return `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before requesting a new code.`;
}

/** The toast title that goes with a password-rule message. */
export function titleForValidationMessage(message: string | undefined): string {
  switch (message) {
    case AUTH_MESSAGES.passwordsDoNotMatch:
    case AUTH_MESSAGES.resetPasswordsDoNotMatch:
      return AUTH_TITLES.passwordMismatch;
    case AUTH_MESSAGES.passwordTooShort:
      return AUTH_TITLES.passwordTooShort;
    case AUTH_MESSAGES.passwordTooWeak:
      return AUTH_TITLES.passwordTooWeak;
    default:
      return AUTH_TITLES.validationError;
  }
}

/**
 * What a form with password fields says when it does not pass its rules, the
 * same with JavaScript on (a toast before sending) or off (the server's
 * answer): a password rule's own title and message first ('Password
 * Mismatch', 'Password Too Short', 'Password Too Weak'), else 'Validation
 * Error' with the first problem.
 */
export function formProblem(
  errors: Record<string, readonly string[] | null | undefined>,
  passwordFields: readonly string[],
): { title: string; message: string } {
  const passwordMessage = passwordFields.map((field) => errors[field]?.[0]).find(Boolean);
  const message =
    passwordMessage ??
    Object.values(errors)
      .flatMap((messages) => messages ?? [])
      .find(Boolean) ??
    AUTH_MESSAGES.requiredFields;
  return { title: titleForValidationMessage(passwordMessage ?? undefined), message };
}
