// Embla (9 KB gzipped with its autoplay plugin) is fetched after hydration rather than preloaded
// with the page: the slides are server-rendered and visible without it, and only swiping and the
// buttons need it (the first-load budget, bench/js-budget.ts).
import type { EmblaCarouselType } from 'embla-carousel';
import { Children, useCallback, useEffect, useRef, useState } from 'react';

type CarouselProps = {
  label: string;
  children: React.ReactNode;
  /** Tailwind basis classes for each slide, e.g. 'basis-1/2 md:basis-1/4'. */
  slideClassName?: string;
  autoplayMs?: number;
  loop?: boolean;
  /** Called with the selected slide index. */
  onSelect?: (index: number) => void;
  showDots?: boolean;
};

/** An accessible Embla carousel: region with previous/next buttons and optional dots. */
export function Carousel({ label, children, slideClassName = 'basis-full', autoplayMs, loop = false, onSelect, showDots = false }: CarouselProps) {
  const [emblaRef, embla] = useLazyEmbla(loop, autoplayMs);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    const index = embla.selectedScrollSnap();
    setSnaps(embla.scrollSnapList());
    setSelected(index);
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
    onSelect?.(index);
  }, [embla, onSelect]);

  useEffect(() => {
    if (!embla) return;
    // The first read waits a frame: Embla measures the slides after mounting.
    const frame = requestAnimationFrame(update);
    embla.on('select', update);
    embla.on('reInit', update);
    return () => {
      cancelAnimationFrame(frame);
      embla.off('select', update);
      embla.off('reInit', update);
    };
  }, [embla, update]);

  const slides = Children.toArray(children);
  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={emblaRef} className="overflow-hidden">
        <ul className="-ml-3 flex touch-pan-y">
          {slides.map((slide, i) => (
            <li
              key={i}
              className={`min-w-0 shrink-0 grow-0 pl-3 ${slideClassName}`}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
            >
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {slides.length > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-3">
          <button
            type="button"
            className="rounded-full border border-gray-300 bg-white p-2 disabled:opacity-40"
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev && !loop}
            aria-label={`Previous ${label}`}
          >
            <Chevron direction="left" />
          </button>
          {showDots
            ? snaps.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  className={`h-3 w-3 rounded-full ${i === selected ? 'bg-secondary' : 'bg-gray-300'}`}
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(i)}
                />
              ))
            : null}
          <button
            type="button"
            className="rounded-full border border-gray-300 bg-white p-2 disabled:opacity-40"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext && !loop}
            aria-label={`Next ${label}`}
          >
            <Chevron direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The viewport's ref and, once Embla has loaded and mounted on it, its API. The viewport is a
 * ref, not state: a state setter as a ref callback is an update during the hydration's commit,
 * which React renders at once, flushing every pending effect of the page with it in the same task
 * (bench/README.md change 161).
 */
function useLazyEmbla(loop: boolean, autoplayMs: number | undefined) {
  const viewport = useRef<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    let api: EmblaCarouselType | null = null;
    let unmounted = false;
    void Promise.all([import('embla-carousel'), autoplayMs ? import('embla-carousel-autoplay') : null]).then(([core, autoplay]) =>
      inATaskOfItsOwn(() => {
        if (unmounted) return;
        const plugins = autoplay && autoplayMs ? [autoplay.default({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })] : [];
        api = core.default(element, { loop, align: 'start' }, plugins);
        setEmbla(api);
      }),
    );
    return () => {
      unmounted = true;
      api?.destroy();
      setEmbla(null);
    };
  }, [loop, autoplayMs]);
  return [viewport, embla] as const;
}

// Each carousel's Embla starts in a task of its own. Started together when the import resolved,
// the home page's three measured their slides in one task of ~45 ms at Lighthouse's 4x slowdown,
// which blocked the main thread while the page was becoming interactive (bench/README.md
// change 161); one at a time, each is a short task and input can run between them.
const waitingToStart: Array<() => void> = [];

function inATaskOfItsOwn(start: () => void) {
  waitingToStart.push(start);
  if (waitingToStart.length === 1) setTimeout(startNext, 0);
}

function startNext() {
  waitingToStart.shift()?.();
  if (waitingToStart.length > 0) setTimeout(startNext, 0);
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}
