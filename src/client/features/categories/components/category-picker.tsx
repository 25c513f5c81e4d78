import ChevronDown from 'lucide-react/icons/chevron-down';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  preloadDialog,
} from '@/client/components/ui/lazy-dialog';
import { useT } from '@/client/lib/i18n';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';

interface Props {
  categories: CategoryWithSubcategories[];
  currentSlug: string;
}

const pill = (active: boolean) =>
  `inline-flex rounded-full px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
    active ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
  }`;

/** Buttons on desktop; under 768 px a bottom sheet titled Select Category. */
export function CategoryPicker({ categories, currentSlug }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const current = categories.find((c) => c.slug === currentSlug);
  return (
    <>
      <nav aria-label={t('common.categoryPicker.label')} className="hidden md:block">
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/categories/${category.slug}`}
                className={pill(category.slug === currentSlug)}
                aria-current={category.slug === currentSlug ? 'page' : undefined}
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="md:hidden">
        <Button
          variant="outline"
          className="w-full justify-between"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
        >
          {current?.name ?? t('common.categoryPicker.select')} <ChevronDown aria-hidden />
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="top-auto bottom-0 max-w-none translate-y-0 rounded-b-none">
            <DialogHeader>
              <DialogTitle>{t('common.categoryPicker.select')}</DialogTitle>
              <DialogDescription>{t('common.categoryPicker.description')}</DialogDescription>
            </DialogHeader>
            <ul className="grid gap-1">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/categories/${category.slug}`}
                    onClick={() => setOpen(false)}
                    aria-current={category.slug === currentSlug ? 'page' : undefined}
                    className={`block rounded-md px-3 py-2.5 text-sm ${
                      category.slug === currentSlug
                        ? 'bg-blue-50 font-semibold text-blue-800'
                        : 'text-slate-800 hover:bg-slate-50'
                    }`}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </DialogContent>
        </Dialog>
      </div>
    </>
  );
}
