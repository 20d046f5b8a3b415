import { Form } from "react-router";
import { Button } from "~/ui/button";
import { formatShopDateTime } from "~/hours/shop-calendar";

// The account page's calendar feed section (docs/decisions/050): whether the member has a feed, and
// the forms that make a new one or revoke it. Both post to /incoming/account/calendar-feed, which
// shows a new feed's address once.

export const CALENDAR_FEED_ACTION = "/incoming/account/calendar-feed";

export type CalendarFeedStatus = { createdAt: Date | string } | null;

export function CalendarFeedForms({ feed }: { feed: CalendarFeedStatus }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" action={CALENDAR_FEED_ACTION}>
        <input type="hidden" name="intent" value="make" />
        <Button type="submit" variant={feed ? "secondary" : "dark"} size="sm">
          {feed ? "Make a new address (the old one stops)" : "Turn on my calendar feed"}
        </Button>
      </Form>
      {feed ? (
        <Form method="post" action={CALENDAR_FEED_ACTION}>
          <input type="hidden" name="intent" value="revoke" />
          <Button type="submit" variant="secondary" size="sm">
            Turn off the feed
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function CalendarFeedSection({ feed, className }: { feed: CalendarFeedStatus; className: string }) {
  return (
    <section id="calendar-feed" aria-labelledby="calendar-feed-heading" className={className}>
      <h2 id="calendar-feed-heading" className="text-lg font-bold text-blue-950">
        Calendar feed
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The shop&apos;s appointments (30 days back, 90 ahead) in Google Calendar, Outlook or your phone&apos;s calendar,
        through a private address only you have. It names customers: keep it to yourself.
      </p>
      <p className="mt-3 text-sm text-slate-800">
        {feed
          ? `On since ${formatShopDateTime(new Date(feed.createdAt))}. Its address was shown once, when it was made.`
          : "Off."}
      </p>
      <div className="mt-3">
        <CalendarFeedForms feed={feed} />
      </div>
    </section>
  );
}
