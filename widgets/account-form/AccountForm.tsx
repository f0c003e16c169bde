import { useEffect, useLayoutEffect, useRef, useState, type JSX, type MouseEvent } from "react";
import { announceSuccess } from "../lib/account-form-success-event";
import { AdoptedContent } from "../lib/AdoptedContent";
import { http } from "../lib/http";
import { SuccessStatus } from "../lib/SuccessStatus";
import { useElementId } from "../lib/useElementId";
import type { WidgetProps } from "../runtime/definition";
import { updateCustomValidity } from "./custom-validity";
import { errorsFromFailure } from "./failure-errors";
import { showFieldErrors, summaryItemsFor, type SummaryItem } from "./field-errors";
import { jsonBodyOf } from "./form-values";
import { replaceCsrfToken } from "../lib/csrf-token";
import { showAccountDetails } from "./page-updates";
import type { AccountFormProps } from "./parse";

interface SuccessAnswer {
  account_details?: Record<string, unknown>;
  csrfToken?: string;
  /** A notice of the server's, when it says more than the form's own (an email change: which address the link went to). */
  message?: unknown;
}

/**
 * Sends the page's form as JSON (with the CSRF header) once the browser's
 * own checks pass, and shows the answer without leaving the page: the
 * success notice in a status region, or the errors in an error summary
 * (focused) and beside each field.
 */
export default function AccountForm({
  root,
  form,
  action,
  method,
  successMessage,
  resetOnSuccess,
  initialNotice,
  initialProblems,
  strings,
}: WidgetProps<AccountFormProps>): JSX.Element {
  const generatedId = useElementId("account-form");
  const idPrefix = root.id || generatedId;
  const [notice, setNotice] = useState(initialNotice);
  const [problems, setProblems] = useState<SummaryItem[]>(initialProblems);
  const [summaryFocusRequest, setSummaryFocusRequest] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formNodes = useRef([form]).current;
  const sending = useRef(false);

  // Cross-field checks run through the native constraint API, so they show and block like `required`.
  useEffect(() => {
    const check = () => updateCustomValidity(form);
    check();
    form.addEventListener("input", check);
    return () => form.removeEventListener("input", check);
  }, [form]);

  // Focus moves in the commit that shows the summary, before paint (a passive effect would move it a task later).
  useLayoutEffect(() => {
    if (summaryFocusRequest > 0) summaryRef.current?.focus();
  }, [summaryFocusRequest]);

  useEffect(() => {
    // Only fires once the browser's own checks have passed.
    const send = async (event: SubmitEvent) => {
      event.preventDefault();
      if (sending.current) return;
      sending.current = true;
      setNotice(null);
      try {
        const body = jsonBodyOf(form);
        const answer = method === "PUT" ? await http.put<SuccessAnswer>(action, body) : await http.post<SuccessAnswer>(action, body);
        if (answer?.csrfToken) replaceCsrfToken(form.ownerDocument, answer.csrfToken);
        if (answer?.account_details) showAccountDetails(form.ownerDocument, answer.account_details);
        showFieldErrors(form, {});
        setProblems([]);
        if (resetOnSuccess) form.reset();
        updateCustomValidity(form);
        const message = typeof answer?.message === "string" && answer.message !== "" ? answer.message : successMessage;
        if (announceSuccess(root, { message, response: answer })) setNotice(message);
      } catch (error) {
        const errors = errorsFromFailure(error, strings);
        showFieldErrors(form, errors);
        setProblems(summaryItemsFor(form, errors));
        setSummaryFocusRequest((request) => request + 1);
      } finally {
        sending.current = false;
      }
    };
    const listener = (event: SubmitEvent) => void send(event);
    form.addEventListener("submit", listener);
    return () => form.removeEventListener("submit", listener);
  }, [form, root, action, method, successMessage, resetOnSuccess, strings]);

  function focusField(event: MouseEvent<HTMLAnchorElement>, href: string): void {
    const field = form.ownerDocument.getElementById(href.slice(1));
    if (!field) return;
    // Like GOV.UK's error summary: focus the field itself, without a history entry for the anchor.
    event.preventDefault();
    field.focus();
  }

  return (
    <>
      <SuccessStatus className="account-form__status" notice={notice} />
      {problems.length > 0 && (
        <div
          ref={summaryRef}
          id={`${idPrefix}-error-summary`}
          className="error-summary"
          role="alert"
          tabIndex={-1}
          aria-labelledby={`${idPrefix}-error-summary-title`}
        >
          <h2 className="error-summary__title" id={`${idPrefix}-error-summary-title`}>
            {strings.errorSummaryTitle}
          </h2>
          <ul className="error-summary__list">
            {problems.map((problem, index) => (
              // Messages may repeat, so their position is part of the key.
              <li key={`${index}-${problem.text}`}>
                {problem.href ? (
                  <a href={problem.href} onClick={(event) => focusField(event, problem.href ?? "")}>
                    {problem.text}
                  </a>
                ) : (
                  problem.text
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <AdoptedContent as="div" className="account-form__body" nodes={formNodes} />
    </>
  );
}
