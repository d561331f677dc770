import { cn } from "@/lib/cn";

const DEFAULT_COLOR = "#4f46e5";

/** Black or white, whichever reads better on `hex`. */
function textOn(hex: string): string {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.6 ? "#0f172a" : "#ffffff";
}

function companyInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length >= 2 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

/** The company's uploaded logo, else its initials on its brand colour. */
export function CompanyLogo({ name, logoUrl, brandColor, size = "md", className }: {
  name: string; logoUrl: string | null; brandColor: string | null; size?: "sm" | "md" | "lg"; className?: string;
}) {
  const box = { sm: "size-6 rounded-md text-[10px]", md: "size-9 rounded-lg text-xs", lg: "size-14 rounded-xl text-base" }[size];
  if (logoUrl) {
    return (
      <img src={logoUrl} alt={`${name} logo`} className={cn("shrink-0 bg-white object-contain ring-1 ring-slate-200", box, className)} />
    );
  }
  const color = brandColor ?? DEFAULT_COLOR;
  return (
    <span className={cn("inline-flex shrink-0 items-center justify-center font-semibold", box, className)} style={{ backgroundColor: color, color: textOn(color) }} aria-hidden="true">
      {companyInitials(name)}
    </span>
  );
}
