import { html } from "./html";
import { lowerFirst, type PlayContext, type Technique } from "./technique";
import { RESOURCE_IMAGES } from "./vocabulary";

/** Lesson plans and worksheets: reading, analysing and writing about the play. */
export const CLASSROOM_TECHNIQUES: Technique<PlayContext>[] = [
  {
    slug: "first-lesson",
    resourceType: "lesson-plan",
    image: RESOURCE_IMAGES.blackboard,
    subjects: ["english", "drama"],
    includesContext: true,
    minutes: { ks1: 45, ks2: 50, ks3: 55, ks4: 60, ks5: 60 },
    title: () => "a first lesson on the play",
    summary: (c) =>
      `A ready-to-teach introduction to ${c.play.title}: the story in ten minutes, the main characters and a first look at ${lowerFirst(c.theme.label)}.`,
    introduction: (c) =>
      html`<p>This lesson introduces ${c.play.title} to a class who have not read it. ${c.play.context}</p><p>By the end of the lesson pupils can retell the story, name the main characters and say one thing the play has to say about ${lowerFirst(c.theme.label)}.</p>`,
    activities: [
      {
        title: "Starter: what do we already know?",
        body: (c) =>
          html`<p>Show the words ${c.play.keywords.join(", ")} on the board. In pairs, pupils predict what kind of story this will be. Collect predictions to revisit at the end.</p>`,
      },
      {
        title: "The story in ten minutes",
        body: () =>
          html`<p>Tell the story as a whoosh: pupils stand in a circle and step in to become characters, objects and places as you narrate. Call "whoosh!" to clear the circle between scenes.</p>`,
      },
      {
        title: "Meet the characters",
        body: (c) =>
          html`<p>Give each group a character card. For ${c.character.name}, ${c.character.description}, pupils choose a pose, a gesture and a line to introduce themselves to the class.</p>`,
      },
      {
        title: "Plenary: first thoughts",
        body: (c) =>
          html`<p>Return to the starter predictions. Which were right? Ask each pupil to finish the sentence: "I think ${c.play.title} is about ${lowerFirst(c.theme.label)} because..."</p>`,
      },
    ],
  },
  {
    slug: "close-reading",
    resourceType: "lesson-plan",
    image: RESOURCE_IMAGES.script,
    subjects: ["english"],
    minutes: { ks3: 60, ks4: 75, ks5: 90 },
    title: (c) => `close reading ${c.scene.name}`,
    summary: (c) => `A lesson on ${c.scene.name} (${c.scene.reference}) that moves from performance to the analysis of language and structure.`,
    introduction: (c) =>
      html`<p>At this point in the play ${c.scene.summary}. This lesson helps pupils read the scene closely, first as actors and then as critics, with a focus on ${lowerFirst(c.theme.label)}.</p>`,
    activities: [
      {
        title: "Read it aloud, twice",
        body: () =>
          html`<p>Read the scene around the class, changing reader at every punctuation mark. Then read it again in pairs, sitting back to back, so that pupils have to listen.</p>`,
      },
      {
        title: "Choose the key line",
        body: (c) =>
          html`<p>Each pair chooses the single most important line for ${c.character.name} and writes it on a strip of paper. Arrange the strips on a washing line in the order they appear and discuss the choices.</p>`,
      },
      {
        title: "Language zoom",
        body: (c) =>
          html`<p>Project one speech. Zoom in on three words: what do they suggest, what images do they create, and how do they connect to ${lowerFirst(c.theme.label)}? Model annotation, then let pupils annotate a second speech independently.</p>`,
      },
      {
        title: "Performance choices",
        body: () =>
          html`<p>Groups stage the final eight lines of the scene in two contrasting ways. The class decides which reading the language supports best, and why.</p>`,
      },
      {
        title: "Write about it",
        body: (c) =>
          html`<p>Pupils answer: "How does the writer present ${lowerFirst(c.theme.label)} in this scene?" Encourage them to use the key line, one zoomed-in word and one staging choice as evidence.</p>`,
      },
    ],
  },
  {
    slug: "key-quotations",
    resourceType: "worksheet",
    image: RESOURCE_IMAGES.script,
    subjects: ["english"],
    minutes: { ks3: 20, ks4: 25, ks5: 30 },
    title: (c) => `key quotations on ${lowerFirst(c.theme.label)}`,
    summary: (c) => `A worksheet of short quotations on ${lowerFirst(c.theme.label)} from across ${c.play.title}, with prompts for analysis and a memory game.`,
    introduction: (c) =>
      html`<p>Ten short quotations about ${lowerFirst(c.theme.label)}, chosen because they are easy to remember and rich to analyse. Print one sheet per pupil, or display it for revision.</p>`,
    activities: [
      {
        title: "Sort the quotations",
        body: (c) =>
          html`<p>Cut the quotations into strips. Pupils sort them by who speaks them, then by when in the play they occur, then by how strongly they show ${lowerFirst(c.theme.label)}.</p>`,
      },
      {
        title: "Zoom in on one word",
        body: () =>
          html`<p>For each of three quotations, pupils circle the most important word and write two sentences on its connotations.</p>`,
      },
      {
        title: "Memory game",
        body: () =>
          html`<p>Read out the first half of a quotation; pupils write the second half. Repeat at the start of the next three lessons to build recall for the exam.</p>`,
      },
    ],
  },
  {
    slug: "role-on-the-wall",
    resourceType: "worksheet",
    image: RESOURCE_IMAGES.mindMap,
    subjects: ["english", "drama"],
    minutes: { ks2: 25, ks3: 30, ks4: 35, ks5: 40 },
    title: (c) => `role on the wall for ${c.character.name}`,
    summary: (c) => `A printable outline for gathering evidence about ${c.character.name}: what they say, what they do, and what others say about them.`,
    introduction: (c) =>
      html`<p>Role on the wall builds a picture of a character over several lessons. Pupils fill an outline of ${c.character.name}, ${c.character.description}, with evidence from the text.</p>`,
    activities: [
      {
        title: "Outside the outline",
        body: () =>
          html`<p>Around the outside, pupils write what others say about the character and how the character appears to the world, each with a short quotation.</p>`,
      },
      {
        title: "Inside the outline",
        body: (c) =>
          html`<p>Inside, pupils write what the character thinks and feels but may not say, especially at ${c.scene.name}.</p>`,
      },
      {
        title: "From notes to paragraph",
        body: (c) =>
          html`<p>Pupils choose the most telling contrast between inside and outside, and write a paragraph on what it reveals about ${lowerFirst(c.theme.label)}.</p>`,
      },
    ],
  },
  {
    slug: "writing-in-role",
    resourceType: "worksheet",
    image: RESOURCE_IMAGES.script,
    subjects: ["english"],
    minutes: { ks2: 30, ks3: 35, ks4: 40, ks5: 45 },
    title: (c) => `writing in role as ${c.character.name}`,
    summary: (c) => `A diary-writing task: ${c.character.name} writes on the night of ${c.scene.name}.`,
    introduction: (c) =>
      html`<p>Writing in role asks pupils to get inside a character's head. Here ${c.character.name} writes a private diary entry on the night of ${c.scene.name}, when ${c.scene.summary}.</p>`,
    activities: [
      {
        title: "Gather ideas",
        body: (c) =>
          html`<p>Using the prompts on the sheet, pupils list what ${c.character.name} saw, heard and felt that day, and what they are afraid might happen next.</p>`,
      },
      {
        title: "Write the entry",
        body: () =>
          html`<p>Pupils write 200 to 300 words in the first person, using at least one phrase from the play and keeping to what the character could know.</p>`,
      },
      {
        title: "Peer review",
        body: () =>
          html`<p>Partners underline the sentence that sounds most like the character, and suggest one detail from the text to add.</p>`,
      },
    ],
  },
  {
    slug: "set-design",
    resourceType: "worksheet",
    image: RESOURCE_IMAGES.groundPlan,
    subjects: ["drama", "art-and-design"],
    minutes: { ks2: 40, ks3: 45, ks4: 50, ks5: 60 },
    title: (c) => `design a set for ${c.scene.name}`,
    summary: (c) => `Pupils design a set for ${c.scene.name}, thinking about mood, practicality and how the space can show ${lowerFirst(c.theme.label)}.`,
    introduction: (c) =>
      html`<p>Designers read a play asking what the space needs to do. In this worksheet pupils design a set for ${c.scene.name} (${c.scene.reference}), where ${c.scene.summary}.</p>`,
    activities: [
      {
        title: "Research",
        body: (c) =>
          html`<p>Collect images that capture the mood of the scene, starting from the words ${c.play.keywords.join(", ")}. Pick three and explain each choice in a sentence.</p>`,
      },
      {
        title: "Ground plan",
        body: () =>
          html`<p>Draw a bird's-eye plan of the stage on the squared grid. Mark the entrances, the furniture and where the audience sits.</p>`,
      },
      {
        title: "Colour and texture",
        body: (c) =>
          html`<p>Choose a palette of no more than four colours and two textures. How do they suggest ${lowerFirst(c.theme.label)}?</p>`,
      },
      {
        title: "Pitch your design",
        body: () =>
          html`<p>In one minute, present the design to the class as if to a director. The class asks one practical question: how do the actors get on and off?</p>`,
      },
    ],
  },
];
