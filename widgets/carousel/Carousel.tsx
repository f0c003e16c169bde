import { Splide } from "@splidejs/react-splide";
import type { Options, Splide as SplideInstance } from "@splidejs/splide";
import { useCallback, useMemo, useRef, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import { carouselOptions } from "./carousel-options";
import type { CarouselProps } from "./parse";
import { progressWidth } from "./progress";
import { slideLabel } from "./slide-label";
import { useRotation, type AutoplayControl } from "./useRotation";
import { useElementId } from "../lib/useElementId";

interface Progress {
  index: number;
  pageCount: number;
}

/**
 * WAI-ARIA APG carousel on Splide: a labelled region whose slides are groups
 * named "N of M", previous / next buttons, a progress bar and, for
 * `data-autoplay`, a pause / play control first in the tab order.
 * The slides' page-authored content is moved in, not copied.
 */
export default function Carousel({
  kind,
  perPage,
  autoplay,
  label,
  slides,
  strings,
  root,
}: WidgetProps<CarouselProps>): JSX.Element {
  const carouselId = useElementId("carousel");
  const splide = useRef<Splide>(null);
  const rotationControl = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<Progress>({ index: 0, pageCount: 1 });

  const options = useMemo<Options>(
    () => ({
      ...carouselOptions({ kind, perPage, autoplay }),
      label,
      i18n: {
        prev: strings.previousLabel,
        next: strings.nextLabel,
        first: strings.firstLabel,
        last: strings.lastLabel,
        carousel: strings.carouselRoleDescription,
        slide: strings.slideRoleDescription,
      },
    }),
    [kind, perPage, autoplay, label, strings],
  );

  const autoplayControl = useCallback(
    (): AutoplayControl | undefined => splide.current?.splide?.Components.Autoplay,
    [],
  );
  const rotation = useRotation(autoplay, root, rotationControl, autoplayControl);

  // The last index Splide can move to, + 1: the number of pages at the current width.
  const trackProgress = useCallback((instance: SplideInstance): void => {
    setProgress({ index: instance.index, pageCount: instance.Components.Controller.getEnd() + 1 });
  }, []);

  return (
    <Splide
      ref={splide}
      tag="section"
      id={carouselId}
      className="carousel__splide"
      aria-label={label}
      hasTrack={false}
      options={options}
      onMounted={trackProgress}
      onMove={trackProgress}
      onUpdated={trackProgress}
      onRefresh={trackProgress}
      onResized={trackProgress}
    >
      <div className="carousel__controls">
        {autoplay && (
          <button
            ref={rotationControl}
            type="button"
            className={rotation.playing ? "carousel__rotation is-playing" : "carousel__rotation"}
            aria-controls={`${carouselId}-track`}
            onClick={rotation.toggle}
          >
            <span className="carousel__rotation-icon" aria-hidden="true" />
            {rotation.playing ? strings.pauseLabel : strings.playLabel}
          </button>
        )}
        {/* Splide finds these by class, names them from options.i18n and moves the slides on click. */}
        <div className="splide__arrows carousel__arrows">
          <button type="button" className="splide__arrow splide__arrow--prev carousel__arrow carousel__arrow--previous">
            <ArrowIcon />
          </button>
          <button type="button" className="splide__arrow splide__arrow--next carousel__arrow carousel__arrow--next">
            <ArrowIcon />
          </button>
        </div>
      </div>
      <div className="splide__track carousel__track" id={`${carouselId}-track`}>
        <ul className="splide__list carousel__list">
          {slides.map((nodes, index) => (
            // The slides never change order or number, so the index is a stable key.
            <AdoptedContent
              key={index}
              as="li"
              className="splide__slide carousel__slide"
              role="group"
              aria-roledescription={strings.slideRoleDescription}
              aria-label={slideLabel(strings.slideLabel, index + 1, slides.length)}
              nodes={nodes}
            />
          ))}
        </ul>
      </div>
      {/* The slides' "N of M" names already tell where you are, so the bar is for the eye only. */}
      <div className="carousel__progress" aria-hidden="true">
        <div className="carousel__progress-bar" style={{ width: progressWidth(progress.index, progress.pageCount) }} />
      </div>
    </Splide>
  );
}

/** A right-pointing arrow; CSS turns the previous button's copy round. */
function ArrowIcon(): JSX.Element {
  return (
    <svg className="carousel__arrow-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 12h15M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="square" />
    </svg>
  );
}
