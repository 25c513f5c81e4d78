import type { LucideIcon } from 'lucide-react';
import Briefcase from 'lucide-react/icons/briefcase';
import Car from 'lucide-react/icons/car';
import Droplets from 'lucide-react/icons/droplets';
import Hammer from 'lucide-react/icons/hammer';
import HardHat from 'lucide-react/icons/hard-hat';
import House from 'lucide-react/icons/house';
import Palette from 'lucide-react/icons/palette';
import PaintRoller from 'lucide-react/icons/paint-roller';
import Sparkles from 'lucide-react/icons/sparkles';
import Thermometer from 'lucide-react/icons/thermometer';
import Trash from 'lucide-react/icons/trash';
import Trees from 'lucide-react/icons/trees';
import Truck from 'lucide-react/icons/truck';
import Wrench from 'lucide-react/icons/wrench';
import Zap from 'lucide-react/icons/zap';

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
