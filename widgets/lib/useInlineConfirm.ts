import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { InlineConfirmProps } from "./InlineConfirm";

export interface InlineConfirmState {
  /** True while the question stands in place of the button. */
  confirming: boolean;
  /** Spread on the button that asks: it opens the question unless a call is running. */
  triggerProps(call: { busy: boolean; pending: boolean }): {
    ref: RefObject<HTMLButtonElement | null>;
    type: "button";
    "aria-disabled": true | undefined;
    "aria-busy": true | undefined;
    onClick(): void;
  };
  /** Spread on <InlineConfirm>: either answer closes it and puts focus back on the button that asked. */
  answerProps(onConfirm: () => void): Pick<InlineConfirmProps, "onConfirm" | "onCancel">;
  /** Closes the question without moving focus (what it asked about is gone). */
  dismiss(): void;
}

/**
 * The state behind a destructive button that asks first (InlineConfirm): the
 * button opens the question in its own place, and after Yes or Keep focus
 * goes back to the button (the caller may move it on once the call settles).
 * aria-disabled, not disabled, while a call runs: a disabled button would
 * drop keyboard focus mid-call.
 */
export function useInlineConfirm(): InlineConfirmState {
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // The button is back in the tree only after the render that closes the question; focus it in that commit.
  useLayoutEffect(() => {
    if (refocus.current) triggerRef.current?.focus();
    refocus.current = false;
  });

  const close = () => {
    setConfirming(false);
    refocus.current = true;
  };

  return {
    confirming,
    triggerProps: ({ busy, pending }) => ({
      ref: triggerRef,
      type: "button",
      "aria-disabled": busy || undefined,
      "aria-busy": pending || undefined,
      onClick: () => {
        if (!busy) setConfirming(true);
      },
    }),
    answerProps: (onConfirm) => ({
      onConfirm: () => {
        close();
        onConfirm();
      },
      onCancel: close,
    }),
    dismiss: () => setConfirming(false),
  };
}
