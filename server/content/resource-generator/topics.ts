import { html } from "./html";
import type { Technique, TopicContext } from "./technique";
import { RESOURCE_IMAGES, type ThemeSlug } from "./vocabulary";

/** A topic that is not a play (devising, playwriting, stagecraft), with techniques of its own. */
export interface Topic {
  slug: string;
  title: string;
  /** Themes its resources are tagged with; empty when the topic is a craft rather than a subject. */
  themes: ThemeSlug[];
  techniques: Technique<TopicContext>[];
}

const ages = (c: TopicContext) => `pupils aged ${c.keyStage.ages}`;

export const TOPICS: Topic[] = [
  {
    slug: "devising",
    title: "Devising",
    themes: ["identity", "friendship", "conflict"],
    techniques: [
      {
        slug: "headline-stimulus",
        resourceType: "activity",
        image: RESOURCE_IMAGES.mindMap,
        subjects: ["drama"],
        minutes: { ks4: 60, ks5: 75 },
        title: () => "working from a newspaper headline",
        summary: () => "Groups turn a single local-news headline into a five-minute piece of theatre with a beginning, a middle and an end.",
        introduction: (c) =>
          html`<p>A headline is a compact stimulus: it has a story, a place and an attitude. This activity takes ${ages(c)} from headline to performance in one double lesson.</p>`,
        activities: [
          { title: "Choose a headline", body: () => html`<p>Give each group three real local headlines. They choose one and list the people it affects.</p>` },
          { title: "Three moments", body: () => html`<p>Groups build three freeze-frames: before, during and after the event in the headline.</p>` },
          { title: "Join them up", body: () => html`<p>Link the moments with movement, a line of text each and a transition of no more than ten seconds.</p>` },
          { title: "Log it", body: () => html`<p>Each pupil writes a log entry on one decision the group made and why.</p>` },
        ],
      },
      {
        slug: "chair-duets",
        resourceType: "activity",
        image: RESOURCE_IMAGES.freezeFrame,
        subjects: ["drama"],
        minutes: { ks4: 45, ks5: 50 },
        title: () => "chair duets",
        summary: () => "A physical-theatre technique for building a relationship between two performers from a repeated sequence of movements.",
        introduction: (c) =>
          html`<p>Chair duets, made popular by Frantic Assembly, help ${ages(c)} create movement that tells a story without words.</p>`,
        activities: [
          { title: "Build the sequence", body: () => html`<p>Sitting side by side, pairs create eight simple touches or movements and repeat them until they are automatic.</p>` },
          { title: "Add a context", body: () => html`<p>Give each pair a relationship (siblings, rivals, a couple breaking up) and play the sequence again. Notice how the meaning changes.</p>` },
          { title: "Speed and text", body: () => html`<p>Play the sequence at double speed, then at half speed with a single line of text. Share and discuss.</p>` },
        ],
      },
      {
        slug: "devising-log",
        resourceType: "worksheet",
        image: RESOURCE_IMAGES.script,
        subjects: ["drama"],
        minutes: { ks4: 20, ks5: 25 },
        title: () => "keeping a devising log",
        summary: () => "A template and prompts for recording the devising process, with examples of strong and weak entries.",
        introduction: () => html`<p>A good devising log records decisions and reasons, not just events. This worksheet gives a template for each rehearsal.</p>`,
        activities: [
          { title: "What we tried", body: () => html`<p>Record the exercise, the stimulus and what the group made.</p>` },
          { title: "Why we kept it, or not", body: () => html`<p>Explain one decision with reference to your intention for the audience.</p>` },
        ],
      },
    ],
  },
  {
    slug: "playwriting",
    title: "Playwriting",
    themes: ["family", "identity", "conflict"],
    techniques: [
      {
        slug: "first-scene",
        resourceType: "lesson-plan",
        image: RESOURCE_IMAGES.script,
        subjects: ["english", "drama"],
        minutes: { ks3: 50, ks4: 60, ks5: 60 },
        title: () => "writing a first scene",
        summary: () => "Two characters, one want, one obstacle: a lesson that gets every pupil writing dialogue in the first ten minutes.",
        introduction: (c) =>
          html`<p>Developed with our Writers' Room, this lesson gives ${ages(c)} a simple structure for a two-person scene that can be read aloud by the end of the lesson.</p>`,
        activities: [
          { title: "A person who wants something", body: () => html`<p>Pupils invent a character and the one thing they want today, then a second character who stands in the way.</p>` },
          { title: "Write the scene", body: () => html`<p>Write a page of dialogue with no stage directions. The scene ends when one character gets what they want, or gives up.</p>` },
          { title: "Read and redraft", body: () => html`<p>Partners read each other's scenes aloud. The writer listens, then cuts every line the actors did not need.</p>` },
        ],
      },
      {
        slug: "subtext",
        resourceType: "activity",
        image: RESOURCE_IMAGES.dialogue,
        subjects: ["english", "drama"],
        minutes: { ks3: 25, ks4: 30, ks5: 30 },
        title: () => "subtext: what characters do not say",
        summary: () => "Pupils write and perform a conversation in which the most important thing is never said out loud.",
        introduction: () => html`<p>Real people rarely say what they mean. This activity shows how a scene gets its tension from what lies beneath the lines.</p>`,
        activities: [
          { title: "The secret", body: () => html`<p>Each pair is given a secret on a card. They write a conversation about something else entirely, such as the washing-up.</p>` },
          { title: "Guess the secret", body: () => html`<p>Perform the scenes. Can the audience work out the secret from the way the lines are said?</p>` },
        ],
      },
      {
        slug: "structure-guide",
        resourceType: "guide",
        image: RESOURCE_IMAGES.mindMap,
        subjects: ["english", "drama"],
        minutes: { ks4: 90, ks5: 120 },
        title: () => "a playwright's guide to structure",
        summary: () => "How plays are built, from inciting incident to resolution, with exercises for planning a one-act play.",
        introduction: (c) =>
          html`<p>A guide for ${ages(c)} writing a complete short play, drawing on the plays in our repertoire.</p>`,
        activities: [
          { title: "The shape of a story", body: () => html`<p>Inciting incident, rising stakes, crisis and resolution, with examples from plays pupils may know.</p>` },
          { title: "Planning on cards", body: () => html`<p>Plan the play on ten index cards, one per scene, and reorder them until the stakes rise on every card.</p>` },
          { title: "Endings", body: () => html`<p>Three ways to end a play, and why the last line matters most.</p>` },
        ],
      },
      {
        slug: "writers-room-film",
        resourceType: "video",
        image: RESOURCE_IMAGES.freezeFrame,
        subjects: ["english"],
        minutes: { ks3: 12, ks4: 12, ks5: 15 },
        title: () => "from idea to first draft, a Writers' Room film",
        summary: () => "Three writers from our Writers' Room on where their ideas come from and how they get a first draft finished.",
        introduction: () => html`<p>A short documentary filmed in the Writers' Room, with subtitles and a transcript.</p>`,
        activities: [
          { title: "Watch", body: () => html`<p>Pupils note one habit from each writer that they could try.</p>` },
          { title: "Try it", body: () => html`<p>Spend ten minutes writing with one of the writers' prompts from the end of the film.</p>` },
        ],
      },
    ],
  },
  {
    slug: "stagecraft",
    title: "Stagecraft and design",
    themes: [],
    techniques: [
      {
        slug: "lighting-film",
        resourceType: "video",
        image: RESOURCE_IMAGES.blackboard,
        subjects: ["drama"],
        minutes: { ks2: 8, ks3: 10, ks4: 10, ks5: 12 },
        title: () => "how a lighting designer lights a scene",
        summary: () => "Our lighting designer relights the same short scene four ways: dawn, a storm, a party and a prison.",
        introduction: () => html`<p>A short film that shows how colour, angle and intensity change the meaning of a scene, filmed on the Main House stage.</p>`,
        activities: [
          { title: "Spot the change", body: () => html`<p>Pupils describe each of the four states in three words.</p>` },
          { title: "Light it yourself", body: () => html`<p>Using torches and coloured sweet wrappers, groups light a shoebox scene in two contrasting ways.</p>` },
        ],
      },
      {
        slug: "model-box",
        resourceType: "activity",
        image: RESOURCE_IMAGES.groundPlan,
        subjects: ["drama", "art-and-design"],
        minutes: { ks2: 60, ks3: 75, ks4: 90, ks5: 90 },
        title: () => "making a model box",
        summary: () => "Build a 1:25 scale model of a set from card, the way professional designers present their ideas.",
        introduction: (c) =>
          html`<p>Every set at the Playhouse starts life as a model box. This activity takes ${ages(c)} through building one from a printed template.</p>`,
        activities: [
          { title: "The empty stage", body: () => html`<p>Cut out and assemble the template of The Studio stage at 1:25 scale.</p>` },
          { title: "Furnish it", body: () => html`<p>Add three pieces of furniture and a scale figure, so that the size of the space is clear.</p>` },
          { title: "Present it", body: () => html`<p>Photograph the model from the audience's eye line and explain one choice.</p>` },
        ],
      },
      {
        slug: "prompt-copy",
        resourceType: "worksheet",
        image: RESOURCE_IMAGES.script,
        subjects: ["drama"],
        minutes: { ks3: 30, ks4: 30, ks5: 35 },
        title: () => "a stage manager's prompt copy",
        summary: () => "Mark up a page of script with cues for lights, sound and scene changes, as a deputy stage manager would.",
        introduction: () => html`<p>The prompt copy is the master script that runs every performance. This worksheet introduces the symbols stage managers use.</p>`,
        activities: [
          { title: "Learn the symbols", body: () => html`<p>Standby, go, lighting cue, sound cue: match each symbol to its meaning.</p>` },
          { title: "Cue the page", body: () => html`<p>Mark up the printed extract with at least six cues, then call the cues while a group reads the scene.</p>` },
        ],
      },
      {
        slug: "costume-design-guide",
        resourceType: "guide",
        image: RESOURCE_IMAGES.masks,
        subjects: ["art-and-design", "drama"],
        minutes: { ks3: 75, ks4: 90, ks5: 90 },
        title: () => "costume design from research to rendering",
        summary: () => "Our costume supervisor's guide to designing a costume: research, silhouette, fabric and the final drawing.",
        introduction: () => html`<p>A step-by-step guide with photographs from our wardrobe department.</p>`,
        activities: [
          { title: "Research", body: () => html`<p>Collect period images and modern references, and note what each tells you about the character.</p>` },
          { title: "Silhouette", body: () => html`<p>Sketch ten quick silhouettes and choose the one that reads clearest from the back of the theatre.</p>` },
          { title: "Fabric and colour", body: () => html`<p>Choose swatches and explain how they will move and light.</p>` },
          { title: "The rendering", body: () => html`<p>Complete a final drawing with swatches attached, ready to show a director.</p>` },
        ],
      },
    ],
  },
];
