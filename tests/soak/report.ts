import type { Action, Outcome } from "./http-client";
import type { FaultWindow } from "./faults";
import { isExpected, type WriteLedger } from "./traffic";
import type { LostWrites } from "./verify";

/*
 * The soak test's verdict and its summary. Every request is put in a phase
 * (a fault's window when its start-to-end overlaps it, else "steady") and
 * given a kind: "ok" (the answer the app gives when working as designed),
 * "503 + Retry-After", "503 without Retry-After", another status, or
 * "connection error (<code>)". What is allowed, and why:
 *
 * - connection errors in the worker-kill window: the requests in flight on
 *   the killed process (and on its keep-alive connections) die with it; no
 *   server can answer them. A write among them is not acknowledged, so it is
 *   not counted as lost whether or not it landed;
 * - 503 with Retry-After in the PostgreSQL-restart window: the designed
 *   answer while the database is down (docs/operations.md).
 *
 * Anything else fails the run, as does a single lost write.
 */

type Phase = "steady" | FaultWindow["name"];
const phases: Phase[] = ["steady", "worker kill", "PostgreSQL restart"];

export function phaseOf(outcome: Outcome, windows: FaultWindow[]): Phase {
  const window = windows.find((w) => outcome.startedAt <= w.end && outcome.endedAt >= w.start);
  return window?.name ?? "steady";
}

export function kindOf(outcome: Outcome): string {
  if (outcome.status === 0) return `connection error (${outcome.connectionError})`;
  if (isExpected(outcome)) return "ok";
  if (outcome.status === 503) return outcome.retryAfter ? "503 + Retry-After" : "503 without Retry-After";
  return String(outcome.status);
}

export function isAllowed(kind: string, phase: Phase): boolean {
  if (kind === "ok") return true;
  if (kind === "503 + Retry-After") return phase === "PostgreSQL restart";
  if (kind.startsWith("connection error")) return phase === "worker kill";
  return false;
}

export interface Verdict {
  pass: boolean;
  reasons: string[];
  /** kind → phase → count */
  byKind: Map<string, Map<Phase, number>>;
}

export function judge(outcomes: Outcome[], windows: FaultWindow[], lost: LostWrites): Verdict {
  const byKind = new Map<string, Map<Phase, number>>();
  for (const outcome of outcomes) {
    const kind = kindOf(outcome);
    const phase = phaseOf(outcome, windows);
    const counts = byKind.get(kind) ?? new Map<Phase, number>();
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
    byKind.set(kind, counts);
  }
  const reasons: string[] = [];
  for (const [kind, counts] of byKind) {
    for (const [phase, count] of counts) if (!isAllowed(kind, phase)) reasons.push(`${count} × ${kind} (${phase})`);
  }
  if (lost.total > 0) reasons.push(`${lost.total} acknowledged write(s) lost`);
  reasons.push(...lost.seatProblems.map((problem) => `seat books: ${problem}`));
  return { pass: reasons.length === 0, reasons, byKind };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(format)].join("\n");
}

export interface ReportInput {
  outcomes: Outcome[];
  windows: FaultWindow[];
  ledger: WriteLedger;
  lost: LostWrites;
  verdict: Verdict;
  trafficSeconds: number;
  setupSeconds: number;
  totalSeconds: number;
}

export function printReport(input: ReportInput): void {
  const { outcomes, windows, ledger, lost, verdict } = input;
  const served = outcomes.filter((o) => o.status !== 0).length;
  console.log(`\nSoak summary: ${outcomes.length} requests in ${input.trafficSeconds.toFixed(0)} s, ${served} served (${(served / input.trafficSeconds).toFixed(0)} req/s).`);
  console.log("\nFaults:");
  for (const window of windows) {
    console.log(`  ${window.name}: window ${((window.end - window.start) / 1000).toFixed(1)} s`);
    for (const event of window.events) console.log(`    ${event}`);
  }

  const actions = [...new Set(outcomes.map((o) => o.action))].sort() as Action[];
  console.log("\nRequests by action:\n");
  console.log(
    table(
      ["action", "requests", "ok", "errors"],
      actions.map((action) => {
        const mine = outcomes.filter((o) => o.action === action);
        const ok = mine.filter((o) => kindOf(o) === "ok").length;
        return [action, String(mine.length), String(ok), String(mine.length - ok)];
      }),
    ),
  );

  console.log("\nAnswers by kind and phase (\"ok\": the designed answer, 409 \"no seats left\" included):\n");
  const kinds = [...verdict.byKind.keys()].sort((a, b) => (a === "ok" ? -1 : b === "ok" ? 1 : a.localeCompare(b)));
  console.log(
    table(
      ["kind", ...phases, "allowed"],
      kinds.map((kind) => {
        const counts = verdict.byKind.get(kind)!;
        const allowedIn = phases.filter((phase) => isAllowed(kind, phase));
        return [kind, ...phases.map((phase) => String(counts.get(phase) ?? 0)), allowedIn.length === phases.length ? "always" : allowedIn.join(", ") || "never"];
      }),
    ),
  );

  console.log("\nWrites (counted in PostgreSQL after the cluster stopped):\n");
  console.log(
    table(
      ["write", "attempted", "acknowledged", "lost (acknowledged, not in the database)"],
      [
        ["save a resource", String(ledger.saveAttempts), `${ledger.saves.size} distinct`, String(lost.saves.length)],
        ["write a note", String(ledger.noteAttempts), `${ledger.noteAcknowledged} (${ledger.notes.size} notes)`, String(lost.notes.length)],
        ["claim a seat", String(ledger.claimAttempts), `${ledger.claims.size} (${ledger.claimsRefusedFull} refused: full)`, String(lost.claims.length)],
      ],
    ),
  );
  console.log(`Seats taken in the database: ${lost.seatsTaken}${lost.seatProblems.length ? `; problems: ${lost.seatProblems.join("; ")}` : ", books consistent"}.`);
  for (const key of [...lost.saves, ...lost.notes, ...lost.claims.map(String)].slice(0, 20)) console.log(`  lost: ${key}`);

  console.log(`\nTime: set-up ${input.setupSeconds.toFixed(0)} s, traffic ${input.trafficSeconds.toFixed(0)} s, in all ${input.totalSeconds.toFixed(0)} s.`);
  console.log(verdict.pass ? "\nPASS: no write lost, no error outside what the faults allow." : `\nFAIL: ${verdict.reasons.join("; ")}`);
}
