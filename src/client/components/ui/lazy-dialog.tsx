/**
 * The dialog of ./dialog.tsx, fetched the first time it opens, for pages that must not load
 * Radix Dialog (focus scope, dismissable layer, scroll lock…) before interaction.
 *
 * For controlled dialogs only (`open` + `onOpenChange`, no DialogTrigger): nothing renders until
 * `open` is first true; from then on the real dialog stays mounted, so it closes and returns
 * focus exactly as before.
 */
import { lazy, Suspense, useState, type ComponentProps } from 'react';

type DialogModule = typeof import('./dialog');

let loaded: DialogModule | null = null;
const load = () =>
  import('./dialog').then((module) => {
    loaded = module;
    return module;
  });
/** Starts fetching the dialog ahead of a likely open (hover or focus on what opens it). */
export const preloadDialog = () => void load().catch(() => undefined);

const DialogRoot = lazy(() => load().then((module) => ({ default: module.Dialog })));

export function Dialog(props: ComponentProps<DialogModule['Dialog']>) {
  const [wanted, setWanted] = useState(props.open === true);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DialogRoot {...props} />
    </Suspense>
  );
}

/* The parts below only ever render inside a loaded Dialog, so the module is there. */
export const DialogContent = (props: ComponentProps<DialogModule['DialogContent']>) => {
  const { DialogContent: Content } = loaded!;
  return <Content {...props} />;
};
export const DialogHeader = (props: ComponentProps<DialogModule['DialogHeader']>) => {
  const { DialogHeader: Header } = loaded!;
  return <Header {...props} />;
};
export const DialogFooter = (props: ComponentProps<DialogModule['DialogFooter']>) => {
  const { DialogFooter: Footer } = loaded!;
  return <Footer {...props} />;
};
export const DialogTitle = (props: ComponentProps<DialogModule['DialogTitle']>) => {
  const { DialogTitle: Title } = loaded!;
  return <Title {...props} />;
};
export const DialogDescription = (props: ComponentProps<DialogModule['DialogDescription']>) => {
  const { DialogDescription: Description } = loaded!;
  return <Description {...props} />;
};
