import type { Establishment } from "../../../../server/schools/gias-establishments";

/*
 * A register that reads like the Department's (issue 26's search-quality
 * test): names built as real schools are named (places, saints with "'s",
 * Church of England, Catholic, academies, a few with accents), in many towns,
 * each with a real-shaped postcode ("WF2 6EQ") and a 6-digit URN. Place names
 * come from syllables, so some are a letter apart ("Ashby", "Ashbury"), as real
 * ones are. Deterministic: the same seed gives the same register.
 */

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ["ash", "oak", "elm", "thorn", "brook", "kings", "queens", "west", "east", "north", "south", "high", "long", "black", "white", "red", "green", "stan", "wood", "mill", "ford", "bar", "hal", "whit", "church", "bishops", "marl", "hart", "sand", "lang", "rother", "chap", "bram", "holm", "wyth", "cran", "fen", "hazel", "lin", "mor"];
const MIDDLE = ["", "", "", "er", "ing", "en", "ley", "bury", "ton", "well"];
const LAST = ["field", "ley", "ton", "by", "ham", "bury", "wood", "bridge", "dale", "worth", "combe", "stead", "hurst", "gate", "more", "side", "brook", "cliffe", "thorpe", "wick"];
const SAINTS = ["Mary", "John", "Peter", "Paul", "Andrew", "Michael", "Anne", "Joseph", "Margaret", "Bede", "Hilda", "Alban", "Augustine", "Cuthbert", "Edmund", "Francis", "George", "Helen", "James", "Luke", "Mark", "Matthew", "Nicholas", "Patrick", "Stephen", "Thomas", "Teresa", "Wilfrid", "Aidan", "Chad", "Oswald", "Gregory", "Lawrence", "Bartholomew", "Catherine", "Edward", "Benedict", "Dunstan", "Swithun", "Werburgh"];
const LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];
const AREAS = ["WF", "LS", "BD", "HX", "S", "M", "L", "B", "NG", "LE", "OX", "CB", "CT", "BN", "SO", "PL", "GL", "WR", "SY", "CH", "LA", "CA", "DH", "NE", "LN", "IP", "CO", "RG", "DE", "HR", "TR", "SP", "BA", "BS", "EX", "NR", "YO", "TS", "DL", "HU"];
const STREETS = ["School", "Church", "Station", "Mill", "Park", "Victoria", "Albert", "Queens", "Manor", "Chapel", "Grange", "Orchard", "Meadow", "Beech", "Willow", "Harcourt", "Wellington"];
const STREET_KINDS = ["Road", "Lane", "Street", "Avenue", "Way", "Close", "Drive", "Hill"];

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface NamePattern {
  weight: number;
  typeCode: number;
  name(place: string, saint: string, town: string): string;
}

const PATTERNS: NamePattern[] = [
  { weight: 20, typeCode: 1, name: (place) => `${place} Primary School` },
  { weight: 6, typeCode: 1, name: (place) => `${place} Community Primary School` },
  { weight: 5, typeCode: 1, name: (place) => `${place} Infant School` },
  { weight: 5, typeCode: 5, name: (place) => `${place} Junior School` },
  { weight: 4, typeCode: 1, name: (place) => `${place} Nursery School` },
  { weight: 6, typeCode: 3, name: (place) => `${place} Church of England Primary School` },
  { weight: 4, typeCode: 3, name: (place) => `${place} CofE Primary School` },
  { weight: 4, typeCode: 2, name: (_place, saint) => `St ${saint}'s Catholic Primary School` },
  { weight: 3, typeCode: 2, name: (_place, saint) => `St ${saint}'s Church of England Primary School` },
  { weight: 2, typeCode: 34, name: (place, saint) => `St ${saint}'s ${place} Academy` },
  { weight: 2, typeCode: 2, name: (_place, saint, town) => `St ${saint}'s Catholic Primary School, ${town}` },
  { weight: 6, typeCode: 34, name: (place) => `${place} Academy` },
  { weight: 5, typeCode: 1, name: (place) => `${place} High School` },
  { weight: 3, typeCode: 28, name: (place, _saint, town) => `${place} ${town} Academy` },
  { weight: 2, typeCode: 7, name: (place) => `${place} Special School` },
  { weight: 3, typeCode: 11, name: (place) => `${place} House School` },
  { weight: 2, typeCode: 11, name: (place) => `The ${place} School` },
  { weight: 1, typeCode: 11, name: (place) => `${place} Preparatory School` },
  { weight: 1, typeCode: 2, name: (place) => `Thomas à Becket ${place} Catholic School` },
  { weight: 1, typeCode: 34, name: (place) => `${place} Collège Français` },
];
const totalWeight = PATTERNS.reduce((sum, pattern) => sum + pattern.weight, 0);

export type GeneratedSchool = Establishment;

/** `count` schools, URNs from 400000 (a school's URN is its index plus that). */
export function realisticRegister(count: number, seed = 26): GeneratedSchool[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const placeName = () => cap(pick(FIRST) + pick(MIDDLE) + pick(LAST));
  const towns = Array.from({ length: Math.max(20, Math.round(count / 12)) }, (_, index) => ({ town: placeName(), area: AREAS[index % AREAS.length]!, district: 1 + Math.floor(next() * 30) }));
  const seen = new Set<string>();
  const postcodes = new Set<string>();
  const schools: GeneratedSchool[] = [];
  while (schools.length < count) {
    const town = pick(towns);
    let roll = next() * totalWeight;
    const pattern = PATTERNS.find((candidate) => (roll -= candidate.weight) < 0) ?? PATTERNS[0]!;
    const name = pattern.name(next() < 0.3 ? town.town : placeName(), pick(SAINTS), town.town);
    // The same name twice in one town is not a register a person could choose from.
    if (seen.has(`${name}|${town.town}`)) continue;
    seen.add(`${name}|${town.town}`);
    let postcode: string;
    do postcode = `${town.area}${town.district + Math.floor(next() * 3)} ${Math.floor(next() * 10)}${pick(LETTERS)}${pick(LETTERS)}`;
    while (postcodes.has(postcode));
    postcodes.add(postcode);
    schools.push({
      urn: String(400000 + schools.length),
      name,
      typeCode: pattern.typeCode,
      kind: [11, 10, 8].includes(pattern.typeCode) ? "independent" : "state",
      street: `${1 + Math.floor(next() * 200)} ${pick(STREETS)} ${pick(STREET_KINDS)}`,
      locality: next() < 0.3 ? placeName() : "",
      address3: "",
      town: town.town,
      website: "",
      county: "",
      postcode,
    });
  }
  return schools;
}

/** The rows of issue 26's table: how a teacher may type the school. */
export const QUERY_KINDS = ["name + town", "name only", "one letter dropped", "no apostrophe", "postcode with space", "postcode without space", "URN"] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** The query of that kind for a school, or undefined when it does not apply (no "'s" in the name). */
export function queryFor(school: GeneratedSchool, kind: QueryKind): string | undefined {
  switch (kind) {
    case "name + town":
      return `${school.name} ${school.town}`;
    case "name only":
      return school.name;
    case "one letter dropped": {
      const words = school.name.split(" ");
      const longest = words.reduce((best, word) => (word.length > best.length ? word : best), "");
      const at = Math.floor(longest.length / 2);
      return words.map((word) => (word === longest ? word.slice(0, at) + word.slice(at + 1) : word)).join(" ");
    }
    case "no apostrophe":
      return school.name.includes("'s") ? school.name.replaceAll("'", "").toLowerCase() : undefined;
    case "postcode with space":
      return school.postcode;
    case "postcode without space":
      return school.postcode.replace(" ", "").toLowerCase();
    case "URN":
      return school.urn;
  }
}
