import type { testimonials } from "~/content/about";
import { QuoteIcon } from "~/ui/icons";
import { Stars } from "~/ui/stars";

type Testimonial = (typeof testimonials)[number];

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <Stars rating={testimonial.rating} />
        <QuoteIcon className="size-8 text-blue-100" />
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 border-t border-slate-200 pt-4">
        <span className="block font-semibold text-blue-950">{testimonial.name}</span>
        <span className="block text-sm text-slate-600">
          {testimonial.town} · {testimonial.vehicle}
        </span>
      </figcaption>
    </figure>
  );
}
