import { useEffect, useRef, useState, type FormEvent, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { useAdoptedField } from "../lib/useAdoptedField";
import type { WidgetProps } from "../runtime/definition";
import { destinationAfterSignIn } from "../../contracts/rules/sign-in-destination";
import { createSession, logIn, requestSignInLink } from "./login-calls";
import { navigateTo } from "../lib/navigate";
import type { LoginFormProps } from "./parse";
import { useElementId } from "../lib/useElementId";

/**
 * The sign-in form (accounts spec, sections 2, 4, 5 and 8): creates the
 * session on load, checks the fields, signs in with JSON and goes where the
 * login answer says. Same classes as the server's form, plus a
 * show-password toggle.
 *
 * The email and password inputs are the server's own elements, adopted
 * (never re-created), so a password typed before the widget mounted, the
 * caret and focus survive the takeover (issue 23, item 5).
 */
export default function LoginForm({
  next,
  emailField,
  passwordField,
  email: initialEmail,
  error: serverError,
  notice: serverNotice,
  offerSignInLink: offeredByServer,
  signInLinkHref,
  forgotPasswordHref,
  registerHref,
  strings,
}: WidgetProps<LoginFormProps>): JSX.Element {
  const id = useElementId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState(passwordField.value);
  const [passwordShown, setPasswordShown] = useState(false);
  const [message, setMessage] = useState<string | null>(serverError);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(serverNotice);
  // While throttled, the owner can still get in through their inbox.
  const [linkOffered, setLinkOffered] = useState(offeredByServer);
  const [linkSending, setLinkSending] = useState(false);
  const sessionProblem = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    const pending = createSession(strings);
    sessionProblem.current = pending;
    let current = true;
    void pending.then((problem) => {
      if (current && problem) setMessage(problem);
    });
    return () => {
      current = false;
    };
  }, [strings]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (email.trim() === "" || password === "") return setMessage(strings.missingFields);
    // The form is noValidate so the empty-field message above comes first; then the browser's own checks apply.
    if (!event.currentTarget.checkValidity()) return void event.currentTarget.reportValidity();
    setSubmitting(true);
    setMessage(null);
    // A failed session makes signing in fail too; say so rather than try.
    if (await sessionProblem.current) {
      setSubmitting(false);
      return setMessage(strings.loginError);
    }
    const result = await logIn({ email, password, next }, strings);
    if (result.ok) return navigateTo(destinationAfterSignIn(result.answer, next, new Date()));
    setSubmitting(false);
    setMessage(result.message);
    if (result.offerSignInLink) setLinkOffered(true);
  }

  async function emailSignInLink() {
    if (linkSending) return;
    if (email.trim() === "") return setMessage(strings.missingFields);
    setLinkSending(true);
    const result = await requestSignInLink(signInLinkHref, email.trim(), strings);
    setLinkSending(false);
    if (!result.ok) return setMessage(result.message);
    setMessage(null);
    setLinkOffered(false);
    setNotice(result.message);
  }

  const emailId = emailField.id || `${id}-email`;
  const passwordId = passwordField.id || `${id}-password`;
  const emailNodes = useAdoptedField(emailField, { value: email, onInput: setEmail, attributes: { id: emailId } });
  const passwordNodes = useAdoptedField(passwordField, {
    value: password,
    onInput: setPassword,
    attributes: { id: passwordId, type: passwordShown ? "text" : "password" },
  });

  return (
    <>
      <form className="login-form__form" method="post" action="/account/login/" noValidate onSubmit={submit}>
        <div className="login-form__message" role="alert">
          {message && <p className="alert alert--error">{message}</p>}
        </div>
        <div className="login-form__notice" role="status">
          {notice && <p className="alert alert--success">{notice}</p>}
        </div>
        <div className="form-group">
          <label className="form-label" htmlFor={emailId}>
            {strings.emailLabel}
          </label>
          <AdoptedContent nodes={emailNodes} className="login-form__field-slot" />
        </div>
        <div className="form-group">
          <label className="form-label" htmlFor={passwordId}>
            {strings.passwordLabel}
          </label>
          <div className="login-form__password">
            <AdoptedContent nodes={passwordNodes} className="login-form__field-slot" />
            <button
              type="button"
              className="login-form__toggle"
              aria-pressed={passwordShown}
              aria-controls={passwordId}
              onClick={() => setPasswordShown((shown) => !shown)}
            >
              {strings.showPassword}
            </button>
          </div>
        </div>
        <div className="login-form__actions">
          <button className="button" type="submit" aria-disabled={submitting || undefined}>
            {submitting ? strings.submittingLabel : strings.submitLabel}
          </button>
          <a className="login-form__forgot" href={forgotPasswordHref}>
            {strings.forgotPassword}
          </a>
        </div>
      </form>
      {linkOffered && (
        <div className="login-form__link">
          <p>{strings.signInLinkOffer}</p>
          <button className="button button--secondary" type="button" aria-disabled={linkSending || undefined} onClick={() => void emailSignInLink()}>
            {strings.signInLinkButton}
          </button>
        </div>
      )}
      {registerHref && (
        <p className="login-form__register">
          {strings.registerPrompt} <a href={registerHref}>{strings.registerLink}</a>
        </p>
      )}
    </>
  );
}
