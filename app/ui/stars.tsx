import { StarIcon } from "./icons";

/** A star rating; read out as "Rated 5 out of 5 stars". */
export function Stars({ rating, outOf = 5, className = "" }: { rating: number; outOf?: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${outOf} stars`} className={`flex gap-0.5 ${className}`}>
      {Array.from({ length: outOf }, (_, index) => (
        <StarIcon
          key={index}
          className={`size-5 ${index < rating ? "stroke-amber-600 text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}
