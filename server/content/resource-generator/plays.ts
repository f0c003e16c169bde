import type { KeyStageSlug, SubjectSlug, ThemeSlug } from "./vocabulary";

export interface Character {
  name: string;
  /** Completes "Name, ...": who they are in the story. */
  description: string;
}

export interface Scene {
  name: string;
  reference: string;
  /** Completes "at this point ...": what happens. */
  summary: string;
}

/** A play as the generator knows it: enough to write about it like a teacher would. */
export interface Play {
  slug: string;
  title: string;
  keyStages: KeyStageSlug[];
  /** Subjects its historical or social context also serves (guides and context lessons). */
  contextSubjects: SubjectSlug[];
  themes: ThemeSlug[];
  /** One or two sentences a teacher would use to introduce it. */
  context: string;
  /** Three words that conjure the play, for warm-ups. */
  keywords: [string, string, string];
  characters: Character[];
  scenes: Scene[];
}

export const PLAYS: Play[] = [
  {
    slug: "macbeth",
    title: "Macbeth",
    keyStages: ["ks3", "ks4", "ks5"],
    contextSubjects: ["history"],
    themes: ["ambition", "power", "guilt", "the-supernatural"],
    context: "Written around 1606 for a king fascinated by witchcraft, it is Shakespeare's shortest and bloodiest tragedy.",
    keywords: ["crown", "dagger", "blood"],
    characters: [
      { name: "Macbeth", description: "a brave soldier whose ambition outruns his conscience" },
      { name: "Lady Macbeth", description: "who goads her husband to murder and cannot wash the blood away" },
      { name: "Banquo", description: "Macbeth's friend, who hears the same prophecy and chooses differently" },
      { name: "Macduff", description: "the thane who loses everything and returns for revenge" },
    ],
    scenes: [
      { name: "the witches' prophecy", reference: "Act 1 Scene 3", summary: "three strange women tell Macbeth he will be king" },
      { name: "the dagger soliloquy", reference: "Act 2 Scene 1", summary: "Macbeth, alone at night, sees a dagger that is not there" },
      { name: "the banquet", reference: "Act 3 Scene 4", summary: "Banquo's ghost takes Macbeth's seat in front of his guests" },
      { name: "the sleepwalking scene", reference: "Act 5 Scene 1", summary: "Lady Macbeth relives the murders in her sleep" },
    ],
  },
  {
    slug: "a-midsummer-nights-dream",
    title: "A Midsummer Night's Dream",
    keyStages: ["ks1", "ks2", "ks3"],
    contextSubjects: ["music"],
    themes: ["love", "conflict", "the-supernatural", "identity"],
    context: "Four young lovers, a troupe of amateur actors and a quarrelling fairy king and queen collide in a wood outside Athens.",
    keywords: ["forest", "moonlight", "potion"],
    characters: [
      { name: "Puck", description: "a mischievous fairy who squeezes the love potion into the wrong eyes" },
      { name: "Hermia", description: "who runs away to the wood rather than marry the man her father chose" },
      { name: "Bottom", description: "a weaver and amateur actor who is given the head of a donkey" },
      { name: "Titania", description: "the fairy queen, tricked into falling in love with Bottom" },
    ],
    scenes: [
      { name: "the lovers' quarrel in the wood", reference: "Act 3 Scene 2", summary: "both young men suddenly love Helena and Hermia is furious" },
      { name: "Titania's awakening", reference: "Act 3 Scene 1", summary: "the fairy queen falls in love with Bottom and his donkey's head" },
      { name: "the mechanicals' play", reference: "Act 5 Scene 1", summary: "the workmen perform Pyramus and Thisbe at the royal wedding" },
    ],
  },
  {
    slug: "romeo-and-juliet",
    title: "Romeo and Juliet",
    keyStages: ["ks3", "ks4"],
    contextSubjects: ["pshe"],
    themes: ["love", "conflict", "fate", "family"],
    context: "Two teenagers from feuding families fall in love and marry in secret, over five days in the heat of a Verona summer.",
    keywords: ["feud", "balcony", "poison"],
    characters: [
      { name: "Juliet", description: "who is not yet fourteen when she defies her family for love" },
      { name: "Romeo", description: "a Montague who falls in love at first sight" },
      { name: "Tybalt", description: "Juliet's cousin, who is always ready for a fight" },
      { name: "the Nurse", description: "Juliet's confidante, who helps her marry and then lets her down" },
    ],
    scenes: [
      { name: "the Prologue", reference: "the opening sonnet", summary: "the Chorus tells us how the story ends before it begins" },
      { name: "the balcony scene", reference: "Act 2 Scene 2", summary: "Romeo and Juliet declare their love and plan to marry" },
      { name: "the death of Mercutio", reference: "Act 3 Scene 1", summary: "a street fight ends in two deaths and Romeo's banishment" },
      { name: "Capulet's rage", reference: "Act 3 Scene 5", summary: "Juliet's father threatens to throw her out if she will not marry Paris" },
    ],
  },
  {
    slug: "the-tempest",
    title: "The Tempest",
    keyStages: ["ks1", "ks2", "ks3"],
    contextSubjects: ["music", "history"],
    themes: ["power", "redemption", "the-supernatural", "justice"],
    context: "It was the last play Shakespeare wrote without a co-author, at a time when Europeans were first settling on islands across the Atlantic.",
    keywords: ["storm", "island", "magic"],
    characters: [
      { name: "Prospero", description: "a magician and exiled duke who controls the island" },
      { name: "Miranda", description: "Prospero's daughter, who has never seen another human being" },
      { name: "Caliban", description: "the island's first inhabitant, now Prospero's servant" },
      { name: "Ariel", description: "a spirit who serves Prospero in exchange for a promise of freedom" },
    ],
    scenes: [
      { name: "the storm", reference: "Act 1 Scene 1", summary: "a ship full of nobles is wrecked by Prospero's magic" },
      { name: "Caliban's complaint", reference: "Act 1 Scene 2", summary: "Caliban insists that the island is his" },
      { name: "Prospero's farewell to magic", reference: "Act 5 Scene 1", summary: "Prospero forgives his enemies and breaks his staff" },
    ],
  },
  {
    slug: "twelfth-night",
    title: "Twelfth Night",
    keyStages: ["ks3", "ks5"],
    contextSubjects: ["music"],
    themes: ["love", "identity", "social-class"],
    context: "A comedy of shipwreck, disguise and mistaken identity, full of songs and written to be performed at the end of the Christmas holiday.",
    keywords: ["shipwreck", "disguise", "letter"],
    characters: [
      { name: "Viola", description: "who disguises herself as a young man and falls for her employer" },
      { name: "Malvolio", description: "a puritanical steward who dreams of marrying his mistress" },
      { name: "Olivia", description: "a countess in mourning who falls for Viola in disguise" },
      { name: "Feste", description: "a clown who sees through everyone" },
    ],
    scenes: [
      { name: "Viola's arrival in Illyria", reference: "Act 1 Scene 2", summary: "Viola, shipwrecked, decides to disguise herself as a man" },
      { name: "the letter scene", reference: "Act 2 Scene 5", summary: "Malvolio finds a forged love letter and believes every word" },
      { name: "Malvolio in the dark room", reference: "Act 4 Scene 2", summary: "Malvolio is locked up and tormented as a madman" },
    ],
  },
  {
    slug: "an-inspector-calls",
    title: "An Inspector Calls",
    keyStages: ["ks3", "ks4"],
    contextSubjects: ["history", "citizenship"],
    themes: ["responsibility", "social-class", "justice", "family"],
    context: "J.B. Priestley set his play in 1912 and wrote it in 1945, as Britain argued about what kind of country to build after the war.",
    keywords: ["doorbell", "photograph", "port"],
    characters: [
      { name: "Inspector Goole", description: "who arrives unannounced and seems to know everything" },
      { name: "Mr Birling", description: "a factory owner who believes a man should look after himself" },
      { name: "Sheila Birling", description: "who changes more than anyone in the course of one evening" },
      { name: "Eric Birling", description: "the son of the house, who drinks too much and hides a secret" },
    ],
    scenes: [
      { name: "Mr Birling's speech", reference: "Act 1", summary: "Birling declares the Titanic unsinkable and war impossible" },
      { name: "Sheila and the photograph", reference: "Act 1", summary: "Sheila realises what her jealousy cost Eva Smith" },
      { name: "the Inspector's final speech", reference: "Act 3", summary: "the Inspector warns of fire and blood and anguish" },
    ],
  },
  {
    slug: "a-christmas-carol",
    title: "A Christmas Carol",
    keyStages: ["ks1", "ks2", "ks3", "ks4"],
    contextSubjects: ["history"],
    themes: ["redemption", "social-class", "family", "the-supernatural"],
    context: "Charles Dickens wrote his ghost story in six weeks in 1843, angry at the poverty he saw in London's streets and workhouses.",
    keywords: ["chains", "candle", "snow"],
    characters: [
      { name: "Ebenezer Scrooge", description: "a miser who hates Christmas and everything it stands for" },
      { name: "Bob Cratchit", description: "Scrooge's underpaid clerk, who keeps his family cheerful on very little" },
      { name: "Marley's ghost", description: "Scrooge's dead partner, bound in the chains he forged in life" },
      { name: "Fred", description: "Scrooge's nephew, who invites him to Christmas dinner every year" },
    ],
    scenes: [
      { name: "Marley's visit", reference: "Stave 1", summary: "Scrooge's dead partner warns him to change his ways" },
      { name: "the Cratchits' Christmas dinner", reference: "Stave 3", summary: "Scrooge watches a poor family celebrate with joy" },
      { name: "the gravestone", reference: "Stave 4", summary: "Scrooge reads his own name on a neglected grave" },
    ],
  },
  {
    slug: "blood-brothers",
    title: "Blood Brothers",
    keyStages: ["ks4"],
    contextSubjects: ["pshe", "music"],
    themes: ["social-class", "fate", "family", "friendship"],
    context: "Willy Russell's musical follows twins separated at birth and raised at opposite ends of 1960s to 1980s Liverpool.",
    keywords: ["superstition", "locket", "gun"],
    characters: [
      { name: "Mrs Johnstone", description: "a mother who cannot afford to keep both of her twins" },
      { name: "Mickey", description: "the twin who stays with his mother and grows up with nothing" },
      { name: "Eddie", description: "the twin given away, who grows up with every advantage" },
      { name: "the Narrator", description: "who watches the story unfold and reminds us how it will end" },
    ],
    scenes: [
      { name: "the mothers' pact", reference: "Act 1", summary: "Mrs Johnstone swears on the Bible to give up one twin" },
      { name: "the blood-brothers oath", reference: "Act 1", summary: "the seven-year-old boys cut their hands and swear to be brothers" },
      { name: "the final confrontation", reference: "Act 2", summary: "Mickey, with a gun, finds Eddie at the town hall" },
    ],
  },
  {
    slug: "our-countrys-good",
    title: "Our Country's Good",
    keyStages: ["ks5"],
    contextSubjects: ["history"],
    themes: ["justice", "power", "identity", "redemption"],
    context: "Timberlake Wertenbaker's 1988 play tells the true story of convicts rehearsing a comedy in Australia's first penal colony.",
    keywords: ["chains", "rehearsal", "ship"],
    characters: [
      { name: "Ralph Clark", description: "the lieutenant who volunteers to direct the convicts' play" },
      { name: "Liz Morden", description: "a convict condemned to hang, who has never been listened to" },
      { name: "Captain Phillip", description: "the governor, who believes theatre can civilise" },
      { name: "Wisehammer", description: "an educated convict who writes the new prologue" },
    ],
    scenes: [
      { name: "the opening on the convict ship", reference: "Act 1 Scene 1", summary: "a convict is flogged in the dark hold of the ship" },
      { name: "the first rehearsal", reference: "Act 1 Scene 11", summary: "the convicts read their parts for the first time" },
      { name: "Liz's choice to speak", reference: "Act 2 Scene 10", summary: "Liz finally defends herself against the charge of theft" },
    ],
  },
  {
    slug: "the-crucible",
    title: "The Crucible",
    keyStages: ["ks4", "ks5"],
    contextSubjects: ["history", "religious-education"],
    themes: ["power", "justice", "guilt", "conflict"],
    context: "Arthur Miller wrote about the Salem witch trials of 1692 in 1953, as anti-communist hearings were destroying careers across America.",
    keywords: ["forest", "court", "confession"],
    characters: [
      { name: "John Proctor", description: "a farmer whose past affair comes back to haunt him" },
      { name: "Abigail Williams", description: "who leads the accusations and wants Proctor for herself" },
      { name: "Reverend Hale", description: "an expert in witchcraft who comes to doubt the court" },
      { name: "Elizabeth Proctor", description: "John's wife, who tells her only lie to save him" },
    ],
    scenes: [
      { name: "the girls in Parris's house", reference: "Act 1", summary: "rumours of witchcraft spread after the girls are seen dancing" },
      { name: "Mary Warren in court", reference: "Act 3", summary: "Mary tries to tell the truth and is turned on by the other girls" },
      { name: "Proctor's refusal", reference: "Act 4", summary: "Proctor tears up his confession rather than lose his name" },
    ],
  },
];
