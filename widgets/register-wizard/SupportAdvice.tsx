import type { JSX } from "react";

/** A sentence with `{email}` in it, the address as a mailto link (or a plain "us" sentence when no address is configured). */
export function SupportAdvice({ text, email }: { text: string; email: string }): JSX.Element {
  const [before, after = ""] = text.split("{email}");
  if (!email) return <p>{`${before!.replace(/\s*(at|to)?\s*$/, "")}${after}`}</p>;
  return (
    <p>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </p>
  );
}
