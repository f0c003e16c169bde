/** Towns with their county and postcode area, for synthetic schools that read like real ones. */
export interface Place {
  town: string;
  county: string;
  postcodeArea: string;
  /** Villages and districts near the town, used as school names and localities. */
  localities: readonly string[];
}

export const PLACES: readonly Place[] = [
  { town: "Bristol", county: "City of Bristol", postcodeArea: "BS", localities: ["Bedminster", "Clifton", "Fishponds", "Henleaze", "Knowle", "Southville"] },
  { town: "Bath", county: "Bath and North East Somerset", postcodeArea: "BA", localities: ["Combe Down", "Larkhall", "Oldfield Park", "Weston", "Widcombe"] },
  { town: "Exeter", county: "Devon", postcodeArea: "EX", localities: ["Alphington", "Heavitree", "Pinhoe", "St Thomas", "Topsham"] },
  { town: "Norwich", county: "Norfolk", postcodeArea: "NR", localities: ["Costessey", "Eaton", "Hellesdon", "Sprowston", "Thorpe St Andrew"] },
  { town: "York", county: "York", postcodeArea: "YO", localities: ["Acomb", "Bishopthorpe", "Clifton Moor", "Haxby", "Heworth"] },
  { town: "Leeds", county: "West Yorkshire", postcodeArea: "LS", localities: ["Armley", "Chapel Allerton", "Headingley", "Horsforth", "Roundhay"] },
  { town: "Sheffield", county: "South Yorkshire", postcodeArea: "S", localities: ["Crookes", "Ecclesall", "Hillsborough", "Nether Edge", "Walkley"] },
  { town: "Manchester", county: "Greater Manchester", postcodeArea: "M", localities: ["Chorlton", "Didsbury", "Levenshulme", "Withington", "Ancoats"] },
  { town: "Liverpool", county: "Merseyside", postcodeArea: "L", localities: ["Allerton", "Anfield", "Aigburth", "Garston", "Woolton"] },
  { town: "Birmingham", county: "West Midlands", postcodeArea: "B", localities: ["Edgbaston", "Harborne", "Kings Heath", "Moseley", "Selly Oak"] },
  { town: "Nottingham", county: "Nottinghamshire", postcodeArea: "NG", localities: ["Beeston", "Bulwell", "Carlton", "Mapperley", "Sherwood"] },
  { town: "Leicester", county: "Leicestershire", postcodeArea: "LE", localities: ["Aylestone", "Belgrave", "Evington", "Knighton", "Oadby"] },
  { town: "Oxford", county: "Oxfordshire", postcodeArea: "OX", localities: ["Cowley", "Headington", "Iffley", "Jericho", "Summertown"] },
  { town: "Cambridge", county: "Cambridgeshire", postcodeArea: "CB", localities: ["Chesterton", "Cherry Hinton", "Histon", "Trumpington", "Romsey"] },
  { town: "Canterbury", county: "Kent", postcodeArea: "CT", localities: ["Blean", "Harbledown", "Sturry", "Thanington", "Wincheap"] },
  { town: "Brighton", county: "Brighton and Hove", postcodeArea: "BN", localities: ["Hanover", "Kemptown", "Patcham", "Preston Park", "Withdean"] },
  { town: "Southampton", county: "Hampshire", postcodeArea: "SO", localities: ["Bitterne", "Portswood", "Shirley", "Sholing", "Woolston"] },
  { town: "Plymouth", county: "Devon", postcodeArea: "PL", localities: ["Devonport", "Mutley", "Plympton", "Plymstock", "Stoke"] },
  { town: "Gloucester", county: "Gloucestershire", postcodeArea: "GL", localities: ["Barnwood", "Hucclecote", "Longlevens", "Quedgeley", "Tuffley"] },
  { town: "Worcester", county: "Worcestershire", postcodeArea: "WR", localities: ["Barbourne", "Claines", "St John's", "Warndon", "Ronkswood"] },
  { town: "Shrewsbury", county: "Shropshire", postcodeArea: "SY", localities: ["Bayston Hill", "Bicton", "Harlescott", "Meole Brace", "Monkmoor"] },
  { town: "Chester", county: "Cheshire West and Chester", postcodeArea: "CH", localities: ["Blacon", "Boughton", "Hoole", "Upton", "Vicars Cross"] },
  { town: "Lancaster", county: "Lancashire", postcodeArea: "LA", localities: ["Bowerham", "Galgate", "Morecambe", "Scotforth", "Skerton"] },
  { town: "Carlisle", county: "Cumberland", postcodeArea: "CA", localities: ["Botcherby", "Dalston", "Harraby", "Stanwix", "Upperby"] },
  { town: "Durham", county: "County Durham", postcodeArea: "DH", localities: ["Belmont", "Brandon", "Framwellgate Moor", "Gilesgate", "Sherburn"] },
  { town: "Newcastle upon Tyne", county: "Tyne and Wear", postcodeArea: "NE", localities: ["Fenham", "Gosforth", "Heaton", "Jesmond", "Walker"] },
  { town: "Lincoln", county: "Lincolnshire", postcodeArea: "LN", localities: ["Birchwood", "Bracebridge", "Ermine", "Nettleham", "Waddington"] },
  { town: "Ipswich", county: "Suffolk", postcodeArea: "IP", localities: ["Kesgrave", "Pinewood", "Rushmere", "Whitton", "Westbourne"] },
  { town: "Colchester", county: "Essex", postcodeArea: "CO", localities: ["Highwoods", "Lexden", "Mile End", "Stanway", "Wivenhoe"] },
  { town: "Reading", county: "Reading", postcodeArea: "RG", localities: ["Caversham", "Earley", "Tilehurst", "Whitley", "Woodley"] },
  { town: "Cardiff", county: "Cardiff", postcodeArea: "CF", localities: ["Canton", "Pontcanna", "Roath", "Whitchurch", "Llandâf"] },
  { town: "Derby", county: "Derby", postcodeArea: "DE", localities: ["Allestree", "Chaddesden", "Darley Abbey", "Littleover", "Mickleover"] },
  { town: "Hereford", county: "Herefordshire", postcodeArea: "HR", localities: ["Belmont", "Holmer", "Tupsley", "Whitecross", "Bobblestock"] },
  { town: "Truro", county: "Cornwall", postcodeArea: "TR", localities: ["Kenwyn", "Malpas", "Threemilestone", "Tregurra", "Trelander"] },
  { town: "Salisbury", county: "Wiltshire", postcodeArea: "SP", localities: ["Bemerton", "Harnham", "Laverstock", "Milford", "Stratford-sub-Castle"] },
  { town: "Winchester", county: "Hampshire", postcodeArea: "SO", localities: ["Badger Farm", "Harestock", "Kings Worthy", "Oliver's Battery", "Weeke"] },
];

export const SAINTS: readonly string[] = [
  "Mary", "John", "Peter", "Paul", "Andrew", "Michael", "Anne", "Joseph", "Margaret", "Bede",
  "Hilda", "Alban", "Augustine", "Cuthbert", "Edmund", "Francis", "George", "Helen", "James", "Luke",
  "Mark", "Matthew", "Nicholas", "Patrick", "Stephen", "Thomas", "Teresa", "Wilfrid", "Aidan", "Chad",
];

export const STREET_NAMES: readonly string[] = [
  "School", "Church", "Station", "Mill", "Park", "Victoria", "Albert", "Queens", "Kings", "Manor",
  "Chapel", "Grange", "Orchard", "Meadow", "Beech", "Elm", "Oak", "Willow", "Harcourt", "Wellington",
];

export const STREET_KINDS: readonly string[] = ["Road", "Lane", "Street", "Avenue", "Way", "Close", "Drive", "Hill"];
