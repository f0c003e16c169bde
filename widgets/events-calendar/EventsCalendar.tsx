import type { DatesSetArg, EventContentArg, EventSourceFuncArg, EventInput } from "@fullcalendar/core";
import enGbLocale from "@fullcalendar/core/locales/en-gb";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from "react";
import type { WidgetProps } from "../runtime/definition";
import { withPastMarker, type CalendarEvent } from "./calendar-events";
import { fetchCalendarEvents } from "./fetch-instances";
import { formatCalendarDate } from "./instance-request";
import type { EventsCalendarProps } from "./parse";
import { pushWeekToAddress, rememberWeekInAddress, weekFromAddress } from "./week-address";

const plugins = [listPlugin];
const toolbar = { start: "title", center: "", end: "prev,next today" };
const titleFormat = { year: "numeric", month: "long", day: "numeric" } as const;
const listDayFormat = { weekday: "long", day: "numeric", month: "long" } as const;


/** The visitor sees nothing (spec, section 8); the console gets "Could not fetch instances." and its cause. */
function logFetchFailure(error: Error): void {
  console.error(error);
}

function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => String(values[key] ?? placeholder));
}

/**
 * The What's On week list: FullCalendar's listWeek view, Monday first, fed by
 * the instances API with the page's filters. The first week is the one the
 * server rendered (no request, no empty moment). The time is part of each entry's
 * markup, so FullCalendar's own time column is off. A failed fetch is logged
 * and handed to FullCalendar's failure callback; the visitor sees no message
 * (spec, section 8).
 */
export default function EventsCalendar({
  initialDate,
  apiUrl,
  filters,
  rememberWeek,
  initialEvents,
  now,
  strings,
}: WidgetProps<EventsCalendarProps>): JSX.Element {
  const calendar = useRef<FullCalendar>(null);
  const weeksShown = useRef(0);
  // The page's own week, used once: the first render shows it at once, the same size as the server's list.
  const serverWeek = useRef<CalendarEvent[] | undefined>(initialEvents);
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState("");

  const loadEvents = useCallback(
    (info: EventSourceFuncArg, succeed: (events: EventInput[]) => void, fail: (error: Error) => void) => {
      const pageWeek = serverWeek.current;
      serverWeek.current = undefined;
      if (pageWeek && formatCalendarDate(info.start) === initialDate) {
        weeksShown.current += 1;
        succeed(pageWeek);
        return;
      }
      fetchCalendarEvents(apiUrl, info, filters).then(
        (events) => {
          succeed(events);
          // The first week is what the page already says; announce only the weeks moved to.
          weeksShown.current += 1;
          if (weeksShown.current > 1) {
            const title = calendar.current?.getApi().view.title ?? "";
            setStatus(fillIn(strings.loadedLabel, { title, count: events.length }));
          }
        },
        // FullCalendar hands the error to eventSourceFailure, which logs it.
        fail,
      );
    },
    [apiUrl, filters, initialDate, strings.loadedLabel],
  );

  // The first week replaces the address in place; each week moved to after it is a history entry.
  const firstWeekSet = useRef(false);
  const onDatesSet = useCallback(
    (arg: DatesSetArg) => {
      if (!rememberWeek) return;
      const monday = formatCalendarDate(arg.start);
      if (firstWeekSet.current) pushWeekToAddress(monday, initialDate);
      else rememberWeekInAddress(monday, initialDate);
      firstWeekSet.current = true;
    },
    [rememberWeek, initialDate],
  );

  // Each entry shows the server's prebuilt markup (calendar_html, escaped by the server), marked when it has
  // ended: FullCalendar's isPast, against the page's `now` (the server's clock) when it gives one.
  const renderEntry = useCallback(
    (arg: EventContentArg): { html: string } => {
      const html = (arg.event.extendedProps as CalendarEvent["extendedProps"]).calendarHtml;
      return { html: arg.isPast ? withPastMarker(html, strings.pastLabel, document) : html };
    },
    [strings.pastLabel],
  );

  // Back and Forward show the week the address names (its datesSet then finds the address already right).
  useEffect(() => {
    if (!rememberWeek) return undefined;
    const onPopState = () => calendar.current?.getApi().gotoDate(weekFromAddress(initialDate));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [rememberWeek, initialDate]);

  const buttonText = useMemo(
    () => ({ prev: strings.previousLabel, next: strings.nextLabel, today: strings.todayLabel }),
    [strings.previousLabel, strings.nextLabel, strings.todayLabel],
  );

  return (
    <>
      <div className={loading ? "events-calendar__frame is-loading" : "events-calendar__frame"} aria-busy={loading}>
        <FullCalendar
          ref={calendar}
          plugins={plugins}
          locale={enGbLocale}
          initialView="listWeek"
          initialDate={initialDate}
          {...(now ? { now } : {})}
          firstDay={1}
          height="auto"
          headerToolbar={toolbar}
          buttonIcons={false}
          buttonText={buttonText}
          buttonHints={buttonText}
          titleFormat={titleFormat}
          listDayFormat={listDayFormat}
          listDaySideFormat={false}
          displayEventTime={false}
          events={loadEvents}
          eventSourceFailure={logFetchFailure}
          eventContent={renderEntry}
          noEventsText={strings.noEventsLabel}
          datesSet={onDatesSet}
          loading={setLoading}
        />
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}
