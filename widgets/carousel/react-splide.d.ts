/**
 * @splidejs/react-splide 0.7 ships its types, but its package.json "exports"
 * map leaves them out, so TypeScript's bundler resolution cannot find them.
 * This declares the part of its API the carousel uses, as the package defines it.
 */
declare module "@splidejs/react-splide" {
  import type { Options, Splide as SplideCore } from "@splidejs/splide";
  import type { Component, HTMLAttributes, ReactNode } from "react";

  type SplideEventHandler = (splide: SplideCore, ...args: unknown[]) => void;

  export interface SplideProps extends Omit<HTMLAttributes<HTMLElement>, "children"> {
    options?: Options;
    /** false: the children include the `.splide__track` themselves. */
    hasTrack?: boolean;
    tag?: "div" | "section" | "header" | "footer" | "nav";
    children?: ReactNode;
    onMounted?: SplideEventHandler;
    onMove?: SplideEventHandler;
    onMoved?: SplideEventHandler;
    onUpdated?: SplideEventHandler;
    onRefresh?: SplideEventHandler;
    onResized?: SplideEventHandler;
  }

  export class Splide extends Component<SplideProps> {
    /** The Splide instance, once mounted. */
    splide: SplideCore | undefined;
    go(control: number | string): void;
  }
}
