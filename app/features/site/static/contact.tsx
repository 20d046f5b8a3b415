import type { ReactNode } from "react";
import { contactFeatures } from "~/content/about";
import { areas } from "~/content/areas";
import { phoneHref, shop } from "~/content/shop";
import { calendarDateFormat, formatClockTime } from "~/hours/shop-calendar";
import { useOpeningHours, useShopHours } from "~/hours/use-shop-hours";
import { JsonLd } from "~/ui/json-ld";
import { AreaLinks } from "~/features/site/sections/area-links";
import { PageHero } from "~/features/site/sections/page-hero";
import { CallButton } from "~/ui/button";
import { Card, CardGrid, IconBadge, IconCardGrid, type IconComponent } from "~/ui/card";
import { AlertIcon, CalendarIcon, ClipboardIcon, ClockIcon, MapPinIcon, PhoneIcon } from "~/ui/icons";
import { Section } from "~/ui/section";
import { autoRepairJsonLd } from "~/seo/json-ld";
import { useSiteOrigin } from "~/seo/meta";

// The contact page around its form, rendered on the server only (StaticMarkup in
// app/features/site/routes/contact.tsx; docs/decisions/008-static-markup.md). Nothing here may need JavaScript:
// ESLint checks.

export function ContactIntroduction() {
  const openingHours = useOpeningHours();
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Get in Touch With Our Shop"
        intro={`Call us during business hours or send a message any time. We reply to every message within ${shop.replyWithinHours} hours.`}
        actions={<CallButton size="lg" label="Call" showNumber />}
      />

      <Section id="contact-details" className="pb-0 sm:pb-0">
        <h2 className="sr-only">How to reach us</h2>
        <CardGrid columns={4}>
          <InfoCard icon={PhoneIcon} title="Phone">
            <a href={phoneHref} className="font-semibold text-red-700 underline underline-offset-4">
              {shop.phone.display}
            </a>
            <span className="block text-sm">Call during business hours</span>
          </InfoCard>
          <InfoCard icon={MapPinIcon} title="Location">
            {shop.location}
            <span className="block text-sm">Serving all of Baltimore County</span>
          </InfoCard>
          <InfoCard icon={ClockIcon} title="Hours">
            <OpenNowLine />
            {openingHours.map((row) => (
              <span key={row.days} className="block">
                <span className="font-semibold text-blue-950">{row.days}:</span> {row.hours}
              </span>
            ))}
          </InfoCard>
          <InfoCard icon={ClipboardIcon} title="Online Form">
            <a href="#contact-form" className="font-semibold text-red-700 underline underline-offset-4">
              Available {shop.onlineRequests}
            </a>
            <span className="block text-sm">We reply within {shop.replyWithinHours} hours</span>
          </InfoCard>
        </CardGrid>
      </Section>

      <Section id="contact-features">
        <h2 className="sr-only">What we offer</h2>
        <IconCardGrid columns={3} items={contactFeatures} />
      </Section>
    </>
  );
}

export function ContactAside() {
  return (
    <div className="grid content-start gap-6">
      <UpcomingClosures />
      <section aria-labelledby="location-heading">
        <Card>
          <div aria-hidden="true" className="relative -mx-6 -mt-6 mb-5 h-36 overflow-hidden rounded-t-xl bg-blue-50">
            <div className="absolute inset-0 bg-[linear-gradient(var(--color-blue-100)_1px,transparent_1px),linear-gradient(90deg,var(--color-blue-100)_1px,transparent_1px)] bg-[size:24px_24px]" />
            <div className="absolute inset-x-0 top-1/2 h-3 -translate-y-1/2 -rotate-6 bg-white shadow" />
            <div className="absolute inset-y-0 left-1/3 w-3 rotate-12 bg-white shadow" />
            <MapPinIcon className="absolute top-1/2 left-1/2 size-12 -translate-x-1/2 -translate-y-full fill-red-700 text-white" />
          </div>
          <h2 id="location-heading" className="text-lg font-bold text-blue-950">
            Our Location
          </h2>
          <p className="mt-2 leading-relaxed text-slate-700">
            {shop.name} is in {shop.location}, minutes from the Beltway (I-695) and I-795. Call us for directions.
          </p>
        </Card>
      </section>

      <section aria-labelledby="emergency-heading">
        <Card tone="alert">
          <IconBadge icon={AlertIcon} tone="redOnTint" />
          <h2 id="emergency-heading" className="mt-4 text-lg font-bold text-blue-950">
            Car Trouble After Hours?
          </h2>
          <p className="mt-2 leading-relaxed text-slate-700">
            During business hours, call us and we'll fit you in as quickly as we can. After hours, please contact a
            local towing service to bring your car to our shop, and we'll take it from there in the morning.
          </p>
          <CallButton label="Call" showNumber className="mt-4" />
        </Card>
      </section>
    </div>
  );
}

export function ContactClosing() {
  const origin = useSiteOrigin();
  const shopHours = useShopHours();
  return (
    <>
      <Section
        id="service-areas"
        eyebrow="Service areas"
        title="Areas We Serve"
        intro="We look after cars from Pikesville and communities all around Baltimore County."
      >
        <AreaLinks areas={areas} />
      </Section>
      <JsonLd data={autoRepairJsonLd(origin, shopHours)} />
    </>
  );
}

/** The header's open-now line, again where visitors look for the hours. */
function OpenNowLine() {
  const status = useShopHours()?.status;
  if (!status) return null;
  return (
    <span className={`mb-1 block font-semibold ${status.open ? "text-green-800" : "text-amber-800"}`}>
      {status.label}
    </span>
  );
}

const closureDate = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });

/** The closure days and special hours within the next 60 days, or nothing when there are none. */
function UpcomingClosures() {
  const shopHours = useShopHours();
  const closures = shopHours?.closures ?? [];
  const specialHours = shopHours?.specialHours ?? [];
  if (!closures.length && !specialHours.length) return null;
  return (
    <section aria-labelledby="closures-heading">
      <Card>
        <IconBadge icon={CalendarIcon} tone="red" />
        <h2 id="closures-heading" className="mt-4 text-lg font-bold text-blue-950">
          {specialHours.length ? "Closures and Special Hours" : "Holiday Closures"}
        </h2>
        {closures.length ? (
          <DayList
            title="We're closed all day on:"
            captionClassName="mt-2"
            days={closures.map((closure) => ({ date: closure.date, note: closure.reason }))}
          />
        ) : null}
        {specialHours.length ? (
          <DayList
            title="Special hours:"
            captionClassName="mt-4"
            days={specialHours.map((entry) => ({
              date: entry.date,
              note: (
                <>
                  {formatClockTime(entry.opens)} - {formatClockTime(entry.closes)} ({entry.reason})
                </>
              ),
            }))}
          />
        ) : null}
      </Card>
    </section>
  );
}

/** Days under a caption, each with its date and a note (why the shop is closed, its hours that day). */
function DayList({
  title,
  captionClassName,
  days,
}: {
  title: string;
  captionClassName: string;
  days: { date: string; note: ReactNode }[];
}) {
  return (
    <>
      <p className={`${captionClassName} text-sm text-slate-700`}>{title}</p>
      <ul className="mt-3 grid gap-2 text-slate-700">
        {days.map((day) => (
          <li key={day.date}>
            <time dateTime={day.date} className="font-semibold text-blue-950">
              {closureDate(day.date)}
            </time>
            <span className="block text-sm">{day.note}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: IconComponent; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <IconBadge icon={icon} tone="red" />
        <h3 className="mt-4 text-lg font-bold text-blue-950">{title}</h3>
        <p className="mt-2 leading-relaxed text-slate-700">{children}</p>
      </Card>
    </li>
  );
}
