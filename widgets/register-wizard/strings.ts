import { LINK_SCHOOL_SCREEN, WIZARD_CLOSE } from "../../contracts/rules/link-school-screen";
import { PASSWORD_HINT, PASSWORD_RULE_MESSAGE } from "../../contracts/rules/password-policy";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type RegisterWizardStrings = {
  close: string;
  back: string;
  /** Where the person is (progress.ts): `{current}` and `{total}` are replaced; the second is for before a pathway is chosen. */
  progressKnown: string;
  progressUnknown: string;
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
  /** schoolTypeAndSearch (accounts spec, sections 2, 3, 5 and 8). `{count}`, `{email}` are replaced. */
  schoolTitle: string;
  schoolIntro: string;
  pathwayLabel: string;
  pathwayChoose: string;
  pathwayInvalid: string;
  schoolSearchLabel: string;
  schoolSearchHint: string;
  schoolSearchPlaceholder: string;
  schoolResultsLabel: string;
  schoolsFoundOne: string;
  schoolsFoundMany: string;
  schoolsNotFound: string;
  schoolNotFoundAdvice: string;
  schoolSearchFailed: string;
  schoolNotChosen: string;
  urnLabel: string;
  selectedSchoolLabel: string;
  changeSchool: string;
  enterManually: string;
  searchInstead: string;
  manualTitle: string;
  homeAddressTitle: string;
  schoolNameLabel: string;
  schoolNameOptionalLabel: string;
  addressLine1Label: string;
  addressLine2Label: string;
  cityLabel: string;
  countryLabel: string;
  countryChoose: string;
  stateLabel: string;
  stateOptionalLabel: string;
  stateChoose: string;
  postalCodeLabel: string;
  schoolNameMissing: string;
  addressLine1Missing: string;
  cityMissing: string;
  countryMissing: string;
  stateMissing: string;
  postalCodeMissing: string;
  locationLoadFailed: string;
  loadingLocations: string;
  confirmSchoolTitle: string;
  confirmSchoolIntro: string;
  confirmSchool: string;
  checkInboxTitle: string;
  checkInbox: string;
  resendEmail: string;
  emailResent: string;
  resendFailed: string;
  /** "Wrong address? Change it" (ChangeAddressForm.tsx). `{email}`, `{old}` are replaced. */
  changeAddress: string;
  changeAddressIntro: string;
  newEmailLabel: string;
  changeAddressSubmit: string;
  addressChanged: string;
  changeAddressFailed: string;
  invalidEmailTitle: string;
  invalidEmailText: string;
  offerAdminTitle: string;
  offerAdminText: string;
  acceptAdmin: string;
  declineAdmin: string;
  contactSupportTitle: string;
  contactSupportText: string;
  contactYourAdminTitle: string;
  contactYourAdminText: string;
  /** The "ask your admin" screens (AskAdminScreens.tsx). `{school}`, `{admin}`, `{support}` are replaced. */
  contactYourAdminNamed: string;
  askToAddTitle: string;
  askToAddNamed: string;
  askToAddUnnamed: string;
  askToAddWhatToWrite: string;
  askToAddThen: string;
  seatsFullWhatToWrite: string;
  seatsFullTitle: string;
  seatsFullAskNamed: string;
  seatsFullAskUnnamed: string;
  seatsFullNoAdmin: string;
  accountKept: string;
  /**
   * Asking to join a school from invalidEmail (AskToJoinForm.tsx; docs/requests.md). `{school}` and `{email}` are
   * replaced: the address is the verified one the request went from.
   */
  askToJoinTitle: string;
  askToJoinIntro: string;
  askToJoinMessageLabel: string;
  askToJoinMessageHint: string;
  askToJoinSubmit: string;
  askToJoinSentAdmins: string;
  askToJoinSentStaff: string;
  askToJoinAlreadySent: string;
  askToJoinConfirmFirst: string;
  /** "Send these details to our team" at an ending that cannot finish online (SendDetailsForm.tsx). `{email}` is replaced. */
  sendDetailsTitle: string;
  sendDetailsIntro: string;
  sendDetailsSchoolType: string;
  sendDetailsSchool: string;
  sendDetailsAddress: string;
  sendDetailsUsers: string;
  sendDetailsMessageLabel: string;
  sendDetailsSubmit: string;
  sendDetailsSent: string;
  /** A request that could not be sent, when the server gave no reason of its own. */
  requestFailed: string;
  continueWithoutSchool: string;
  doneTitle: string;
  doneText: string;
  seeMembership: string;
  dashboardHref: string;
  /** The done screen's list of what the person now has (GET /account/standing/). `{date}` is replaced. */
  standingLabel: string;
  standingSchool: string;
  standingRole: string;
  standingSchoolMembership: string;
  standingMembership: string;
  standingValidUntil: string;
  standingExpired: string;
  standingNone: string;
  noSubscriptionIndividualTitle: string;
  noSubscriptionOtherTitle: string;
  noSubscriptionText: string;
  /** A lapsed member's renewal (data-renewal). `{date}` is replaced. */
  renewTitle: string;
  membershipEnded: string;
  schoolMembershipEnded: string;
  /** A current membership renewed early (a reminder's link). `{date}` is replaced. */
  membershipEnds: string;
  schoolMembershipEnds: string;
  confirmSubscriptionTitle: string;
  confirmSubscriptionText: string;
  paymentProcessingTitle: string;
  paymentWrongTitle: string;
  sessionFailed: string;
  postcodeSearchFailed: string;
  createSchoolFailed: string;
  attributesFailed: string;
  verificationFailed: string;
  affiliationsFailed: string;
  membershipSummaryFailed: string;
  membershipCreateFailed: string;
  seatsFailed: string;
  benefitUsageFailed: string;
  makeAdminFailed: string;
  expired: string;
  noIndividualMembership: string;
  noSeats: string;
  paymentProcessing: string;
  paymentApproved: string;
  paymentDeclined: string;
  paymentCancelled: string;
  paymentCancelledNext: string;
  paymentDeclinedNext: string;
  paymentFailed: string;
  paymentProcessingFailed: string;
  /** The plan screens (accounts spec, sections 4, 5, 8 and 9). `{count}`, `{max}`, `{support}`, `{school}` are replaced. */
  plansHeading: string;
  plansUnavailable: string;
  /** Plan cards (PlanCards.tsx). `{count}`, `{from}`, `{to}` are replaced. */
  planSeatsYou: string;
  planSeatsOne: string;
  planSeatsRange: string;
  planPeriodYear: string;
  planPeriodMonth: string;
  choosePlan: string;
  planLegend: string;
  membershipFor: string;
  usersLabel: string;
  usersHint: string;
  usersInvalid: string;
  usersTooMany: string;
  contactForMoreUsers: string;
  payNow: string;
  /** An annual plan's "Renew automatically each year" box (ticked by default) and its hint; the monthly plan's line instead. */
  renewYearly: string;
  renewYearlyHint: string;
  renewsMonthly: string;
  /** The school plan's other way to pay: a link to the server's "Pay by invoice" form (docs/payments.md). */
  payByInvoice: string;
  basketFailed: string;
  subscriptionError: string;
  paidSchoolAdmin: string;
};

export const registerWizardDefaultStrings: RegisterWizardStrings = {
  close: WIZARD_CLOSE.label,
  back: "Back",
  progressKnown: "Step {current} of {total}",
  progressUnknown: "Step {current}",
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
  passwordHint: PASSWORD_HINT,
  showPassword: "Show password",
  createSubmit: "Create account",
  working: "Please wait…",
  emailMissing: "Please enter your email.",
  emailInvalid: "Please enter a valid email address",
  firstNameMissing: "Enter your first name",
  lastNameMissing: "Enter your last name",
  phoneInvalid: "Enter a telephone number, like 01632 960 001 or +44 808 157 0192",
  passwordRule: PASSWORD_RULE_MESSAGE,
  lookupFailed: "Account lookup failed. Please try again.",
  lookupError: "An error occurred during lookup. Please try again.",
  noAccountFound: "No account found with that email address. Please register.",
  existingAccount:
    "The email address you entered is already associated with an account. Please log in or try again with another email address.",
  checkEmail: "We've sent an email to {email} with a link to set your password. The link works once, for 60 minutes.",
  registrationFailed: "Registration failed.",
  registrationError: "An error occurred during account creation.",
  schoolTitle: LINK_SCHOOL_SCREEN.title,
  schoolIntro: LINK_SCHOOL_SCREEN.intro,
  pathwayLabel: "School type",
  pathwayChoose: "Choose a school type",
  pathwayInvalid: "Please select a valid school type.",
  schoolSearchLabel: "School name, postcode or URN",
  schoolSearchHint: "Type at least part of the name, then choose your school from the list.",
  schoolSearchPlaceholder: "e.g. My School Name or 123456",
  schoolResultsLabel: "Schools",
  schoolsFoundOne: "1 school found",
  schoolsFoundMany: "{count} schools found",
  schoolsNotFound: "No schools found",
  schoolNotFoundAdvice:
    "We couldn't find that school. Check the school type you chose, and try the school's full name or its postcode. If it still isn't listed, enter its address yourself or contact us at {email}.",
  schoolSearchFailed: "Could not search for schools. Please try again.",
  schoolNotChosen: "Choose your school from the list, or enter its address yourself.",
  urnLabel: "URN",
  selectedSchoolLabel: "Selected school",
  changeSchool: "Choose a different school",
  enterManually: "I can't find my school: enter its address",
  searchInstead: "Search for my school instead",
  manualTitle: "Your school's address",
  homeAddressTitle: "Your home address",
  schoolNameLabel: "School name",
  schoolNameOptionalLabel: "School name (optional)",
  addressLine1Label: "Address line 1",
  addressLine2Label: "Address line 2 (optional)",
  cityLabel: "Town or city",
  countryLabel: "Country",
  countryChoose: "Choose a country",
  stateLabel: "State or region",
  stateOptionalLabel: "State or region (optional)",
  stateChoose: "Choose a state or region",
  postalCodeLabel: "Postcode",
  schoolNameMissing: "Enter the school's name",
  addressLine1Missing: "Enter the first line of the address",
  cityMissing: "Enter the town or city",
  countryMissing: "Choose a country",
  stateMissing: "Choose a state or region",
  postalCodeMissing: "Enter the postcode",
  locationLoadFailed: "Failed to load location data.",
  loadingLocations: "Loading countries…",
  confirmSchoolTitle: "Is this your school?",
  confirmSchoolIntro: "We'll link your account to this school.",
  confirmSchool: "Yes, link my account",
  checkInboxTitle: "Check your inbox",
  checkInbox:
    "Follow the link in the email we sent to {email} when you signed up. It confirms your email address and brings you back here to finish linking your school. Nothing has been linked yet.",
  resendEmail: "Resend the email",
  emailResent: "We've sent another email to {email}. The link in either email brings you back here.",
  resendFailed: "We couldn't send another email just now. Check your inbox and spam folder, or try again in a few minutes.",
  changeAddress: "Wrong address? Change it",
  changeAddressIntro: "Enter the address you meant. We'll send the link there, and the link we sent before will stop working.",
  newEmailLabel: "Your email address",
  changeAddressSubmit: "Send the link to this address",
  addressChanged: "Your address is now {email}, and we've sent the link there. The link sent to {old} no longer works.",
  changeAddressFailed: "We couldn't change your address just now. Try again in a few minutes.",
  invalidEmailTitle: "Your email address does not match this school",
  invalidEmailText:
    "To join {school} for free, sign up with your school email address. If you're using it already, or your school uses another address, email {support}.",
  offerAdminTitle: "Become your school's admin?",
  offerAdminText: "{school} has no admin yet. An admin can invite colleagues and manage who uses the school's membership.",
  acceptAdmin: "Yes, make me the admin",
  declineAdmin: "No thanks",
  contactSupportTitle: "Contact us to join",
  contactSupportText: "This kind of membership can't be set up online yet. Email {support} and we'll set it up with you.",
  contactYourAdminTitle: "Contact your school's admin",
  contactYourAdminText: "{school} already has an admin. Ask them to invite you, or email {support} if you can't reach them.",
  contactYourAdminNamed: "{school} already has an admin: {admin}.",
  askToAddTitle: "Ask them to add you",
  askToAddNamed: "Ask {admin} in person or by your school's email to add you; your account is kept.",
  askToAddUnnamed: "Ask your school's admin in person or by your school's email to add you; your account is kept. If you don't know who it is, email {support}.",
  askToAddWhatToWrite:
    "What to write: “I've created an account with my school email address. Please invite this address to our school's membership.” They send the invite from the School tab of My account.",
  askToAddThen: "You'll then get an email with a link: follow it and sign in, and you've joined, with the school's resources yours. Until then you can sign in and use your account as it is.",
  seatsFullWhatToWrite: "What to write: “I've created an account with my school email address, but our school's seats are all in use. Please free a seat or add seats so I can join.”",
  seatsFullTitle: "{school}'s seats are all in use",
  seatsFullAskNamed: "Ask {admin}, your school's admin, to free a seat or add seats.",
  seatsFullAskUnnamed: "Ask your school's admin to free a seat or add seats.",
  seatsFullNoAdmin: "Your school has no admin to add seats yet: email {support} and we'll help.",
  accountKept: "Your account is kept: once a seat is free, sign in and link your school again.",
  askToJoinTitle: "Ask to join this school",
  askToJoinIntro:
    "If you work at {school}, ask to join it with this address. We'll send your name and email address to the school's admin (or, if it has none, to our team), with your message. If they say yes, we'll email you and your next sign-in holds a seat.",
  askToJoinMessageLabel: "A message for them (optional)",
  askToJoinMessageHint: "For example, your role at the school and why you use this address.",
  askToJoinSubmit: "Ask to join",
  askToJoinSentAdmins: "Your request to join {school} has gone to its admin. We'll email you at {email} when they answer. Until then you can use your account as it is.",
  askToJoinSentStaff:
    "{school} has no admin yet, so your request has gone to our team. We'll email you at {email} when it's decided, usually within two working days. Until then you can use your account as it is.",
  askToJoinAlreadySent: "You've already asked to join {school}, and your request is waiting for an answer. We'll email you at {email}.",
  askToJoinConfirmFirst:
    "Please confirm your email address first, so the school knows it's you: follow the link in the email we sent to {email}, and you'll come back here to send your request.",
  sendDetailsTitle: "Send these details to our team",
  sendDetailsIntro: "We'll send what you've told us so far, so you don't need to type it again in an email:",
  sendDetailsSchoolType: "School type",
  sendDetailsSchool: "School",
  sendDetailsAddress: "Address",
  sendDetailsUsers: "Number of users",
  sendDetailsMessageLabel: "Anything else we should know (optional)",
  sendDetailsSubmit: "Send these details",
  sendDetailsSent:
    "Thank you: your details are with our team. We'll reply to {email}, usually within two working days, so there's no need to email us as well. Your account is kept in the meantime.",
  requestFailed: "We couldn't send your request just now. Check your connection and try again.",
  continueWithoutSchool: "Continue without a school",
  doneTitle: "You're all set",
  doneText: "Your account is linked to {school}.",
  seeMembership: "See your membership",
  dashboardHref: "/account/dashboard/",
  standingLabel: "What you now have",
  standingSchool: "School",
  standingRole: "Your role",
  standingSchoolMembership: "School membership",
  standingMembership: "Your own membership",
  standingValidUntil: "Valid until {date}",
  standingExpired: "Ended on {date}",
  standingNone: "None",
  noSubscriptionIndividualTitle: "You don't have a membership",
  noSubscriptionOtherTitle: "This school has no active membership",
  renewTitle: "Renew your membership",
  membershipEnded: "Your membership ended on {date}.",
  schoolMembershipEnded: "Your school's membership ended on {date}.",
  membershipEnds: "Your membership ends on {date}. Renewing now adds the new period after that date, so you lose no days.",
  schoolMembershipEnds: "Your school's membership ends on {date}. Renewing now adds the new period after that date, so the school loses no days.",
  noSubscriptionText: "Choose a plan to carry on. Questions? Email {support}.",
  confirmSubscriptionTitle: "Choose a membership",
  confirmSubscriptionText: "You'll pay on our payment provider's secure page, then come back here.",
  paymentProcessingTitle: "Processing your payment",
  paymentWrongTitle: "Something went wrong with your payment",
  sessionFailed: "Failed to fetch session data. Please try again later.",
  postcodeSearchFailed: "Could not search for school by postcode. Please try again.",
  createSchoolFailed: "Failed to create school. Please try again.",
  attributesFailed: "Failed to get attributes.",
  verificationFailed: "We could not send the confirmation email. Please try again.",
  affiliationsFailed: "Failed to fetch school affiliations. Please try again.",
  membershipSummaryFailed: "Failed to fetch membership summary. Please try again.",
  membershipCreateFailed: "Failed to create membership for the school. Please try again.",
  seatsFailed: "Failed to check number of seats for membership. Please try again.",
  benefitUsageFailed: "Failed to create benefit usage record. Please try again.",
  makeAdminFailed: "Failed to make user an admin. Please try again.",
  expired: "Membership has expired, needs to be renewed",
  noIndividualMembership: "No membership found for the individual, needs to purchase one",
  noSeats: "No seats available for the membership, needs to be renewed",
  paymentProcessing: "Your payment is being processed. Please do not close this window.",
  paymentApproved: "Your payment is approved.",
  paymentDeclined: "Your payment was declined.",
  paymentCancelled: "Your payment is cancelled.",
  paymentCancelledNext: "Nothing was charged. Your plan is below: continue to payment when you're ready, or close this page and come back later. Your account is kept.",
  paymentDeclinedNext: "Nothing was charged. Check the card details and try again, or use another card.",
  paymentFailed: "Your payment has failed, please try again.",
  paymentProcessingFailed: "Payment processing failed. Please try again.",
  plansHeading: "Membership plans",
  plansUnavailable: "Buying a membership online isn't available here. Email {support} and we'll help.",
  planSeatsYou: "For you alone",
  planSeatsOne: "{count} seat",
  planSeatsRange: "{from} to {to} seats",
  planPeriodYear: "Paid yearly",
  planPeriodMonth: "Paid monthly",
  choosePlan: "Choose a plan",
  planLegend: "Your plan",
  membershipFor: "A membership for {school}.",
  usersLabel: "Number of users",
  usersHint: "Each user takes one seat. For more than {max} users, contact us.",
  usersInvalid: "Enter the number of users, a whole number from 1.",
  usersTooMany: "Selected number of users exceeds the maximum allowed for the selected plan.",
  contactForMoreUsers: "For {count} or more users, email {support} and we'll arrange your membership.",
  payNow: "Continue to payment",
  renewYearly: "Renew automatically each year",
  renewYearlyHint: "We'll take the same amount from the same card when the year ends, and email you 30 days before. You can turn this off at any time on the Membership tab of My account.",
  renewsMonthly: "The monthly plan renews each month from the same card until you turn it off on the Membership tab of My account.",
  payByInvoice: "Or pay by invoice, with a purchase-order number, within 30 days",
  basketFailed: "Failed to add subscription to basket. Please try again.",
  subscriptionError: "An error occurred while processing your subscription. Please try again.",
  paidSchoolAdmin: "You're now {school}'s admin: invite colleagues from the School tab of My account.",
};
