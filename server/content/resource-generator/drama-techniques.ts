import { html } from "./html";
import { lowerFirst, type PlayContext, type Technique } from "./technique";
import { RESOURCE_IMAGES } from "./vocabulary";

/** Practical drama techniques, done on your feet in a hall or a cleared classroom. */
export const DRAMA_TECHNIQUES: Technique<PlayContext>[] = [
  {
    slug: "freeze-frames",
    resourceType: "activity",
    image: RESOURCE_IMAGES.freezeFrame,
    subjects: ["drama", "english"],
    minutes: { ks1: 20, ks2: 30, ks3: 45, ks4: 50, ks5: 60 },
    title: (c) => `exploring ${lowerFirst(c.theme.label)} through freeze-frames`,
    summary: (c) =>
      `Groups build three still images of ${c.scene.name} and use thought-tracking to show how ${lowerFirst(c.theme.label)} drives ${c.character.name}.`,
    introduction: (c) =>
      html`<p>Freeze-frames slow a scene down so that a class can look at it closely. Pupils create still images of ${c.scene.name} (${c.scene.reference}), where ${c.scene.summary}, then bring them to life with thought-tracking to explore how ${c.play.title} presents ${lowerFirst(c.theme.label)}.</p><p>You need a cleared space and groups of four or five. No previous drama experience is needed.</p>`,
    activities: [
      {
        title: "Warm-up: statues",
        body: (c) =>
          html`<p>Call out words linked to the play (${c.play.keywords.join(", ")}) and count down from five. Pupils make a statue of each word on their own, then in pairs. Praise clear levels, facial expression and complete stillness.</p>`,
      },
      {
        title: "Three images of the scene",
        body: (c) =>
          html`<p>In groups, pupils read ${c.scene.name} and agree on its three most important moments. They make a freeze-frame of each, with ${c.character.name} at the centre, and practise moving from one image to the next on a slow count of five.</p>`,
      },
      {
        title: "Thought-tracking",
        body: (c) =>
          html`<p>Watch each group's images in turn. Tap a performer on the shoulder: they speak one sentence of their character's private thoughts. Ask the audience what the images and thoughts reveal about ${lowerFirst(c.theme.label)} at this moment.</p>`,
      },
      {
        title: "Reflect and write",
        body: (c) =>
          html`<p>Pupils write a short paragraph explaining how the scene presents ${lowerFirst(c.theme.label)}, using one quotation and one idea from the freeze-frames as evidence.</p>`,
      },
    ],
  },
  {
    slug: "hot-seating",
    resourceType: "activity",
    image: RESOURCE_IMAGES.dialogue,
    subjects: ["drama", "english"],
    minutes: { ks1: 15, ks2: 20, ks3: 30, ks4: 35, ks5: 40 },
    title: (c) => `hot-seating ${c.character.name}`,
    summary: (c) => `Pupils question ${c.character.name} in role to understand what drives them at ${c.scene.name}.`,
    introduction: (c) =>
      html`<p>Hot-seating puts a character in the chair and lets the class ask the questions. The focus here is ${c.character.name}, ${c.character.description}, at the moment of ${c.scene.name} (${c.scene.reference}).</p>`,
    activities: [
      {
        title: "Prepare the questions",
        body: (c) =>
          html`<p>In pairs, pupils write three open questions for ${c.character.name}, beginning with Why, How or What if. Share a few and discuss which will get the most revealing answers.</p>`,
      },
      {
        title: "In the hot seat",
        body: (c) =>
          html`<p>You, or a confident pupil, take the hot seat in role as ${c.character.name}. Answer in the first person and stay true to the text. Encourage follow-up questions that challenge an answer.</p>`,
      },
      {
        title: "Out of role",
        body: () =>
          html`<p>Step out of role and ask: what did we learn that the play does not say directly? Which answers could be supported with a quotation, and which went beyond the text?</p>`,
      },
    ],
  },
  {
    slug: "conscience-alley",
    resourceType: "activity",
    image: RESOURCE_IMAGES.circle,
    subjects: ["drama", "english"],
    minutes: { ks2: 20, ks3: 25, ks4: 30, ks5: 30 },
    title: (c) => `a conscience alley for ${c.character.name}`,
    summary: (c) => `The class forms two lines of advice as ${c.character.name} walks towards a decision that shapes the rest of the play.`,
    introduction: (c) =>
      html`<p>A conscience alley (sometimes called decision alley) dramatises the voices in a character's head at a moment of choice. Use it at ${c.scene.name} (${c.scene.reference}), where ${c.scene.summary}.</p>`,
    activities: [
      {
        title: "Set up the alley",
        body: () =>
          html`<p>Two lines face each other about a metre apart. One line argues for one choice, the other against it. Give each pupil a moment to decide on one sentence of advice, in their own words or from the text.</p>`,
      },
      {
        title: "Walk the alley",
        body: (c) =>
          html`<p>A volunteer in role as ${c.character.name} walks slowly down the alley while each pupil speaks their line as they pass. At the end, the volunteer announces a decision and explains which voices persuaded them.</p>`,
      },
      {
        title: "Compare with the text",
        body: (c) =>
          html`<p>Read the scene again. Does ${c.character.name} make the same decision? Which voices from the alley can you hear in the language of the scene?</p>`,
      },
    ],
  },
  {
    slug: "soundscape",
    resourceType: "activity",
    image: RESOURCE_IMAGES.circle,
    subjects: ["drama", "music"],
    minutes: { ks1: 10, ks2: 15, ks3: 20 },
    title: (c) => `a soundscape for ${c.scene.name}`,
    summary: (c) => `The class creates the sounds of ${c.scene.name} with voices and bodies, then performs them as the scene is read aloud.`,
    introduction: (c) =>
      html`<p>A soundscape helps pupils imagine the world of ${c.play.title} before they read a line. Sitting in a circle, the class builds the atmosphere of ${c.scene.name}, where ${c.scene.summary}.</p>`,
    activities: [
      {
        title: "Listen",
        body: () =>
          html`<p>Ask pupils to close their eyes and listen to the sounds in and outside the room for one minute. Share what they heard and how each sound made them feel.</p>`,
      },
      {
        title: "Build the soundscape",
        body: (c) =>
          html`<p>Brainstorm the sounds of the scene, starting from ${c.play.keywords.join(", ")}. Give each small group one sound to make with voices, hands or feet. Conduct them like an orchestra: louder, softer, one at a time, all together.</p>`,
      },
      {
        title: "Perform with the text",
        body: (c) =>
          html`<p>Read a short extract from ${c.scene.name} aloud over the soundscape. Discuss: which sounds made the scene more frightening, funnier or sadder?</p>`,
      },
    ],
  },
  {
    slug: "status-games",
    resourceType: "activity",
    image: RESOURCE_IMAGES.masks,
    subjects: ["drama", "pshe"],
    minutes: { ks2: 15, ks3: 20, ks4: 25, ks5: 25 },
    title: (c) => `status games with ${c.character.name}`,
    summary: (c) => `Quick games with playing cards show who holds the power in ${c.scene.name}, and how it shifts.`,
    introduction: (c) =>
      html`<p>Status is the power one person holds over another in a moment. These games, from the rehearsal rooms of Keith Johnstone, help pupils see how ${c.character.name} gains and loses status in ${c.scene.name} (${c.scene.reference}).</p>`,
    activities: [
      {
        title: "Card status",
        body: () =>
          html`<p>Each pupil takes a playing card without looking at it and holds it to their forehead. They mingle, treating each other according to the cards they can see, then line up in the order they think they are. Turn the cards over and discuss how it felt to be high or low.</p>`,
      },
      {
        title: "Status in the scene",
        body: (c) =>
          html`<p>In pairs, pupils play a short exchange from the scene twice: once with ${c.character.name} at high status and once at low. What changes in the voice, the eyes and the use of space?</p>`,
      },
      {
        title: "What changed?",
        body: (c) =>
          html`<p>As a class, plot ${c.character.name}'s status on a line from 1 to 10 at the start and end of the scene. What does the shift tell us about ${lowerFirst(c.theme.label)} in the play?</p>`,
      },
    ],
  },
  {
    slug: "choral-speaking",
    resourceType: "activity",
    image: RESOURCE_IMAGES.circle,
    subjects: ["drama", "english"],
    minutes: { ks1: 10, ks2: 15, ks3: 20, ks4: 20 },
    title: (c) => `choral speaking with ${c.scene.name}`,
    summary: (c) => `The whole class speaks lines from ${c.scene.name} together, playing with volume, pace and echo.`,
    introduction: (c) =>
      html`<p>Choral speaking gets every voice in the room working on the text at once, so nobody has to perform alone. It suits ${c.scene.name} (${c.scene.reference}), where ${c.scene.summary}.</p>`,
    activities: [
      {
        title: "Pass the line",
        body: () =>
          html`<p>Stand in a circle. Pass a single line round, one word per person, then one line per person. Ask pupils to listen for the words that feel heaviest.</p>`,
      },
      {
        title: "Orchestrate the speech",
        body: (c) =>
          html`<p>Split the class into four groups and divide a short passage between them. Experiment with whispering, echoing and speaking in unison on the key words about ${lowerFirst(c.theme.label)}. Perform and record the best version.</p>`,
      },
    ],
  },
];
