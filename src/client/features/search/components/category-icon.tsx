import {
  Briefcase,
  Car,
  Droplets,
  Hammer,
  HardHat,
  House,
  Palette,
  PaintRoller,
  Sparkles,
  Thermometer,
  Trash,
  Trees,
  Truck,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/** The icon names the server gives categories; imported one by one to keep the bundle small. */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  HardHat,
  Sparkles,
  Palette,
  Zap,
  Thermometer,
  Hammer,
  Wrench,
  Trash,
  Trees,
  Car,
  Truck,
  PaintRoller,
  Droplets,
  House,
};

/** A category's lucide icon by name (Briefcase when unknown). Decorative: hidden from assistive technology. */
export function CategoryIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = name && Object.hasOwn(ICONS, name) ? ICONS[name] : Briefcase;
  return <Icon className={className} aria-hidden="true" focusable="false" />;
}
