import { searchWords } from "../../db/words-search";
import type { ConstituentId, CrmPort, PersonDetails, PersonSummary } from "../crm-port";
import type { TessituraClient } from "./http-client";
import { eachLimited, type MembershipReports } from "./membership-reports";

/*
 * The back office's people finder (CrmPort.findPeople) over Tessitura
 * (docs/crm.md, "The Tessitura adapter"). Tessitura's constituent search has
 * no "every word somewhere in the names or email", so each typed word is
 * searched for as the start of a last name and of a first name (basic
 * search, individuals only) and anywhere in an email (advanced search, Email
 * Like %word%); each person found is then read (/CRM/Constituents/{id}/Detail)
 * and kept only if every word is in their first name, last name or primary
 * email, as the embedded CRM matches. A person is found only if at least one
 * typed word starts one of their names or is in their email. With no words
 * typed, only "current members" lists anyone (the membership reports' members);
 * Tessitura cannot list everyone.
 */

interface SearchAnswer {
  ConstituentSummaries?: { Id: number }[];
}

export function tessituraPeopleSearch(
  client: TessituraClient,
  personDetails: (id: ConstituentId) => Promise<PersonDetails | undefined>,
  reports: Pick<MembershipReports, "isMemberAt" | "memberIdsAt">,
): Pick<CrmPort, "findPeople"> {
  const search = async (query: Record<string, string>) =>
    ((await client.request<SearchAnswer>("GET", "/CRM/Constituents/Search", { query: { ...query, constituentGroups: "individuals", includeAffiliates: "false" } }))?.ConstituentSummaries ?? []).map(
      (summary) => summary.Id,
    );

  const candidatesFor = async (words: readonly string[]): Promise<number[]> => {
    const found = new Set<number>();
    for (const word of words) {
      const [byLast, byFirst, byEmail] = await Promise.all([
        search({ type: "basic", ln: word }),
        search({ type: "basic", fn: word }),
        search({ type: "advanced", atype: "Email", op: "Like", value: `%${word}%` }),
      ]);
      for (const id of [...byLast, ...byFirst, ...byEmail]) found.add(id);
    }
    return [...found];
  };

  return {
    async findPeople({ text, members, limit, offset }) {
      const words = searchWords(text);
      if (words.length === 0 && !members?.current) return { people: [], total: 0 };
      const candidates = words.length === 0 ? await reports.memberIdsAt(members!.now) : await candidatesFor(words);
      const people = (await eachLimited(candidates, personDetails)).filter((person): person is PersonDetails => {
        if (!person) return false;
        const fields = [person.FirstName, person.LastName, person.Email ?? ""].map((field) => field.toLowerCase());
        return words.every((word) => fields.some((field) => field.includes(word)));
      });
      let matching = people;
      // With no words, the candidates are the current members already.
      if (members && words.length > 0) {
        const isMember = await eachLimited(people, (person) => reports.isMemberAt(person.Id, members.now));
        matching = people.filter((_, index) => isMember[index] === members.current);
      }
      const byName = (a: PersonDetails, b: PersonDetails) =>
        (a.LastName < b.LastName ? -1 : a.LastName > b.LastName ? 1 : 0) || (a.FirstName < b.FirstName ? -1 : a.FirstName > b.FirstName ? 1 : 0) || a.Id - b.Id;
      const page = [...matching].sort(byName).slice(offset, offset + limit);
      return {
        people: page.map((person): PersonSummary => ({ Id: person.Id, FirstName: person.FirstName, LastName: person.LastName, Email: person.Email, CreatedDateTime: person.CreatedDateTime })),
        total: matching.length,
      };
    },
  };
}
