import { useState, useSyncExternalStore } from "react";
import { createActor, type SnapshotFrom } from "xstate";
import { registrationMachine, type RegistrationEvent, type RegistrationInput } from "./registration-machine";

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/**
 * Runs the registration machine for one widget and re-renders on every
 * change. The actor starts once, with the first events, and is never
 * stopped: it holds no timers or invoked work, so it simply goes with the
 * component (and React's double effects in development cannot stop it early).
 */
export function useRegistration(input: RegistrationInput, firstEvents: readonly RegistrationEvent[]) {
  const [actor] = useState(() => {
    const started = createActor(registrationMachine, { input }).start();
    for (const event of firstEvents) started.send(event);
    return started;
  });
  const snapshot: RegistrationSnapshot = useSyncExternalStore(
    (onChange) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  return { snapshot, send: actor.send };
}
