import { act, render } from "@testing-library/react";
import { useState } from "react";
import type { PathwayKey } from "../../../widgets/register-wizard/pathways";
import { SchoolTypeAndSearchScreen } from "../../../widgets/register-wizard/SchoolTypeAndSearchScreen";
import type { SelectedSchool } from "../../../contracts/shapes/schools";
import { registerWizardDefaultStrings } from "../../../widgets/register-wizard/strings";

export const countries = [
  { Id: 209, Description: "United Kingdom" },
  { Id: 172, Description: "Portugal" },
  { Id: 555, Description: "Monaco" },
];
export const states = [
  { Id: 1, Description: "Kent", Country: { Id: 209 } },
  { Id: 2, Description: "Greater London", Country: { Id: 209 } },
  { Id: 3, Description: "Lisboa", Country: { Id: 172 } },
];

export interface HeldSearch {
  url: string;
  answer(hits: unknown[]): Promise<void>;
}

/**
 * The network edge: countries and states answer at once (or fail), each
 * school search is held until the test answers it, in any order.
 */
export function server({ locations = "ok" }: { locations?: "ok" | "fail" } = {}): HeldSearch[] {
  const searches: HeldSearch[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith("/account/countries/")) return Promise.resolve(locations === "ok" ? json({ countries }) : json({}, 500));
    if (url.startsWith("/account/states/")) return Promise.resolve(json({ states }));
    if (url.startsWith("/account/school-search/")) {
      return new Promise<Response>((resolve) => {
        searches.push({
          url,
          answer: async (hits) => {
            await act(async () => {
              resolve(json({ hits }));
              await settle();
            });
          },
        });
      });
    }
    return Promise.resolve(json({}, 404));
  });
  return searches;
}

/** Lets pending promise chains (reading a response body) finish; setImmediate stays real under the fake timers. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves the fake clock and lets React apply what happened. */
export async function wait(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await settle();
  });
}

export interface ScreenSpy {
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  continued: number;
}

/** The screen with the wizard's part played by plain state; `spy` always holds the latest pathway and school. */
export function renderScreen(initial: { pathway?: PathwayKey | null; school?: SelectedSchool | null } = {}) {
  const spy: ScreenSpy = { pathway: initial.pathway ?? null, school: initial.school ?? null, continued: 0 };
  function Host() {
    const [pathway, setPathway] = useState<PathwayKey | null>(spy.pathway);
    const [school, setSchool] = useState<SelectedSchool | null>(spy.school);
    spy.pathway = pathway;
    spy.school = school;
    return (
      <SchoolTypeAndSearchScreen
        pathway={pathway}
        onPathwayChange={setPathway}
        school={school}
        onSchoolChange={setSchool}
        onContinue={() => (spy.continued += 1)}
        strings={registerWizardDefaultStrings}
        supportEmail="schools@theatre.example"
      />
    );
  }
  const result = render(<Host />);
  return { spy, result };
}

export const oakfield = {
  constituentId: 7,
  name: "Oakfield Primary School",
  highlightedName: "<mark>Oak</mark>field Primary School",
  URN: "9000001",
  type: "state",
  addressLine1: "1 Oak Lane",
  addressLine2: "Headingley",
  addressLine3: "",
  city: "Leeds",
  postalCode: "LS1 1AA",
};

export const oakwood = { ...oakfield, constituentId: 8, name: "Oakwood Academy", highlightedName: "<mark>Oak</mark>wood Academy", URN: "9000009", postalCode: "LS2 2BB" };
