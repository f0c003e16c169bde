// A type alias, not an interface: readI18n needs a string-keyed record.
export type RegisterWizardStrings = {
  close: string;
  back: string;
  lookupTitle: string;
  lookupIntro: string;
  emailLabel: string;
  continue: string;
  checkEmailTitle: string;
  existingTitle: string;
  signIn: string;
  useAnotherEmail: string;
  forgotPassword: string;
  createTitle: string;
  firstNameLabel: string;
  lastNameLabel: string;
  phoneLabel: string;
  passwordLabel: string;
  passwordHint: string;
  showPassword: string;
  createSubmit: string;
  working: string;
  comingSoonTitle: string;
  comingSoonText: string;
  /** The spec's messages (accounts spec, sections 5 and 8). */
  emailMissing: string;
  emailInvalid: string;
  firstNameMissing: string;
  lastNameMissing: string;
  phoneInvalid: string;
  passwordRule: string;
  lookupFailed: string;
  lookupError: string;
  noAccountFound: string;
  existingAccount: string;
  checkEmail: string;
  registrationFailed: string;
  registrationError: string;
};

export const registerWizardDefaultStrings: RegisterWizardStrings = {
  close: "Close",
  back: "Back",
  lookupTitle: "Enter your email address",
  lookupIntro: "We'll check whether you already have an account with us.",
  emailLabel: "Email address",
  continue: "Continue",
  checkEmailTitle: "Check your email",
  existingTitle: "You already have an account",
  signIn: "Sign in",
  useAnotherEmail: "Use another email address",
  forgotPassword: "Forgot your password?",
  createTitle: "Create your account",
  firstNameLabel: "First name",
  lastNameLabel: "Last name",
  phoneLabel: "Phone number (optional)",
  passwordLabel: "Password",
  passwordHint: "At least 8 characters, with uppercase and lowercase letters, a number and a symbol.",
  showPassword: "Show password",
  createSubmit: "Create account",
  working: "Please wait…",
  comingSoonTitle: "Link your school",
  comingSoonText: "Linking your account to a school and choosing a membership online is coming soon.",
  emailMissing: "Please enter your email.",
  emailInvalid: "Please enter a valid email address",
  firstNameMissing: "Enter your first name",
  lastNameMissing: "Enter your last name",
  phoneInvalid: "Enter a telephone number, like 01632 960 001 or +44 808 157 0192",
  passwordRule: "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.",
  lookupFailed: "Account lookup failed. Please try again.",
  lookupError: "An error occurred during lookup. Please try again.",
  noAccountFound: "No account found with that email address. Please register.",
  existingAccount:
    "The email address you entered is already associated with an account. Please log in or try again with another email address.",
  checkEmail: "We've sent an email to {email} with a link to set your password. The link works once, for 60 minutes.",
  registrationFailed: "Registration failed.",
  registrationError: "An error occurred during account creation.",
};
