import { html } from "./html";
import { lowerFirst, type PlayContext, type Technique } from "./technique";
import { RESOURCE_IMAGES } from "./vocabulary";

/** Films from our rehearsal rooms, and longer guides for planning a unit of work. */
export const FILM_AND_GUIDE_TECHNIQUES: Technique<PlayContext>[] = [
  {
    slug: "rehearsal-film",
    resourceType: "video",
    image: RESOURCE_IMAGES.freezeFrame,
    subjects: ["drama", "english"],
    minutes: { ks3: 12, ks4: 14, ks5: 18 },
    title: (c) => `watch the company rehearse ${c.scene.name}`,
    summary: (c) => `A short film from our rehearsal room: the director and cast try ${c.scene.name} three different ways.`,
    introduction: (c) =>
      html`<p>Filmed during rehearsals for our production of ${c.play.title}, this film shows the director and actors working on ${c.scene.name} (${c.scene.reference}). They stop, talk and try again, so pupils can see how decisions about a scene are made.</p><p>Subtitles and a transcript are available.</p>`,
    activities: [
      {
        title: "Before you watch",
        body: (c) =>
          html`<p>Ask pupils to read the scene and predict how ${c.character.name} should be played: fast or slow, loud or quiet, still or restless?</p>`,
      },
      {
        title: "While you watch",
        body: () =>
          html`<p>Pupils note the three versions of the scene and one thing the director says about each.</p>`,
      },
      {
        title: "After you watch",
        body: (c) =>
          html`<p>Which version best shows ${lowerFirst(c.theme.label)}? Pupils try the scene themselves using the note that surprised them most.</p>`,
      },
    ],
  },
  {
    slug: "actor-interview",
    resourceType: "video",
    image: RESOURCE_IMAGES.dialogue,
    subjects: ["drama"],
    minutes: { ks2: 6, ks3: 8, ks4: 10, ks5: 10 },
    title: (c) => `an actor on playing ${c.character.name}`,
    summary: (c) => `The actor playing ${c.character.name} in our production talks about finding the character and playing ${c.scene.name}.`,
    introduction: (c) =>
      html`<p>In this short interview, filmed in the dressing room, the actor playing ${c.character.name} explains how they prepared for the part and what they think about as they wait to go on for ${c.scene.name}.</p>`,
    activities: [
      {
        title: "Watch and note",
        body: () =>
          html`<p>Pupils note one thing the actor did to research the part, and one physical choice they made.</p>`,
      },
      {
        title: "Try it yourself",
        body: (c) =>
          html`<p>In pairs, pupils play a short moment from ${c.scene.name} using one of the actor's ideas, then swap roles and try a different one.</p>`,
      },
    ],
  },
  {
    slug: "teachers-guide",
    resourceType: "guide",
    image: RESOURCE_IMAGES.mindMap,
    subjects: ["english", "drama"],
    includesContext: true,
    minutes: { ks2: 90, ks3: 100, ks4: 120, ks5: 120 },
    title: () => "teachers' guide to the play",
    summary: (c) => `Everything you need to teach ${c.play.title}: synopsis, characters, context, themes and a sequence of six lessons.`,
    introduction: (c) =>
      html`<p>Written by our learning team with teachers from the Teachers' Network, this guide supports a unit of work on ${c.play.title}. ${c.play.context}</p>`,
    activities: [
      {
        title: "Synopsis",
        body: (c) =>
          html`<p>The story scene by scene, with the moments that matter most for study marked, including ${c.scene.name} (${c.scene.reference}).</p>`,
      },
      {
        title: "Characters",
        body: (c) =>
          html`<p>A profile of each main character, starting with ${c.character.name}, ${c.character.description}, with key quotations and questions for discussion.</p>`,
      },
      {
        title: "Context",
        body: () =>
          html`<p>When and why the play was written, how it was first staged, and the historical background pupils need, without overwhelming the text.</p>`,
      },
      {
        title: "Themes",
        body: (c) =>
          html`<p>How the play explores ${lowerFirst(c.theme.label)} and the other big ideas, with links to the scenes where they are clearest.</p>`,
      },
      {
        title: "A sequence of six lessons",
        body: () =>
          html`<p>Six practical lessons that move from first encounter to written response, each with a starter, a main drama activity and a plenary.</p>`,
      },
    ],
  },
  {
    slug: "staging-guide",
    resourceType: "guide",
    image: RESOURCE_IMAGES.blackboard,
    subjects: ["drama"],
    minutes: { ks3: 60, ks4: 70, ks5: 80 },
    title: (c) => `staging ${c.scene.name} with your class`,
    summary: (c) => `A director's guide to staging ${c.scene.name} in a classroom or hall, with blocking, rehearsal exercises and a sharing.`,
    introduction: (c) =>
      html`<p>Our associate director takes you through staging ${c.scene.name} (${c.scene.reference}) with a whole class, so that everyone has a job and the scene is ready to share in one lesson.</p>`,
    activities: [
      {
        title: "Read and cast",
        body: (c) =>
          html`<p>Read the scene in a circle. Cast ${c.character.name} several times over so that more pupils can play the part, and give everyone else a role as chorus, crowd or crew.</p>`,
      },
      {
        title: "Block the scene",
        body: () =>
          html`<p>Mark out the playing area with tape. Agree on three key positions and the moves between them, and write them into the script as simple arrows.</p>`,
      },
      {
        title: "Rehearse for intention",
        body: (c) =>
          html`<p>Each actor decides what their character wants in the scene. Run it again, playing only the wants, and notice how ${lowerFirst(c.theme.label)} comes into focus.</p>`,
      },
      {
        title: "Share and feedback",
        body: () =>
          html`<p>Perform for the rest of the class. The audience names one moment that was clear and one that could be clearer.</p>`,
      },
    ],
  },
];
