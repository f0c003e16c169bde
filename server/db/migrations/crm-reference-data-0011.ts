/*
 * Countries and states as migration 0011 first loads them. Frozen with the
 * migration: a later change of reference data is a later migration. Ids are
 * the embedded CRM's own; the United Kingdom is 209, the spec's default
 * country. Only countries whose addresses use a state or region list have
 * states; for the others the address form asks for none.
 */

export const COUNTRIES: readonly [id: number, description: string][] = [
  [12, "Australia"],
  [14, "Austria"],
  [21, "Belgium"],
  [38, "Canada"],
  [44, "China"],
  [53, "Cyprus"],
  [55, "Czechia"],
  [57, "Denmark"],
  [67, "Egypt"],
  [72, "Finland"],
  [73, "France"],
  [80, "Germany"],
  [82, "Greece"],
  [96, "Hong Kong"],
  [98, "Hungary"],
  [99, "Iceland"],
  [100, "India"],
  [104, "Ireland"],
  [106, "Israel"],
  [107, "Italy"],
  [110, "Japan"],
  [117, "Kenya"],
  [131, "Luxembourg"],
  [135, "Malaysia"],
  [140, "Malta"],
  [156, "Netherlands"],
  [158, "New Zealand"],
  [164, "Nigeria"],
  [166, "Norway"],
  [174, "Poland"],
  [175, "Portugal"],
  [177, "Qatar"],
  [188, "Singapore"],
  [193, "South Africa"],
  [195, "Spain"],
  [199, "Sweden"],
  [200, "Switzerland"],
  [206, "Turkey"],
  [208, "United Arab Emirates"],
  [209, "United Kingdom"],
  [210, "United States"],
];

const US_STATES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
  "District of Columbia", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas",
  "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi",
  "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
  "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
  "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
  "West Virginia", "Wisconsin", "Wyoming",
];
const CANADIAN_PROVINCES = [
  "Alberta", "British Columbia", "Manitoba", "New Brunswick", "Newfoundland and Labrador",
  "Northwest Territories", "Nova Scotia", "Nunavut", "Ontario", "Prince Edward Island", "Quebec",
  "Saskatchewan", "Yukon",
];
const AUSTRALIAN_STATES = [
  "Australian Capital Territory", "New South Wales", "Northern Territory", "Queensland", "South Australia",
  "Tasmania", "Victoria", "Western Australia",
];
const IRISH_COUNTIES = [
  "Carlow", "Cavan", "Clare", "Cork", "Donegal", "Dublin", "Galway", "Kerry", "Kildare", "Kilkenny", "Laois",
  "Leitrim", "Limerick", "Longford", "Louth", "Mayo", "Meath", "Monaghan", "Offaly", "Roscommon", "Sligo",
  "Tipperary", "Waterford", "Westmeath", "Wexford", "Wicklow",
];

type StateRow = readonly [id: number, description: string, countryId: number];

const numbered = (names: readonly string[], firstId: number, countryId: number): StateRow[] =>
  names.map((name, index) => [firstId + index, name, countryId]);

/** States numbered from 1001, a block of 100 per country. */
export const STATES: readonly StateRow[] = [
  ...numbered(US_STATES, 1001, 210),
  ...numbered(CANADIAN_PROVINCES, 1101, 38),
  ...numbered(AUSTRALIAN_STATES, 1201, 12),
  ...numbered(IRISH_COUNTIES, 1301, 104),
];
