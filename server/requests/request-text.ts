import { REQUEST_MESSAGE_MAX_LENGTH } from "../../contracts/rules/pathways";
import { controlCharacterProblem } from "../domain/text-input";
import { refuse, type Refusal } from "../shared/refusal";

/** The text a person typed as a message or a note: trimmed, bounded, no control characters. */
export function readNote(value: string, field: string): string | Refusal {
  const text = value.trim();
  if ([...text].length > REQUEST_MESSAGE_MAX_LENGTH) {
    return refuse("invalid", "Check the highlighted fields and try again.", {
      errors: { [field]: [`Keep your message to ${REQUEST_MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer.`] },
    });
  }
  const problem = controlCharacterProblem(text, "your message", { multiline: true });
  return problem ? refuse("invalid", problem, { errors: { [field]: [problem] } }) : text;
}
