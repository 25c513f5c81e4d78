/**
 * The owner's photo manager (the profile's Manage Photos tab); the admin company screen reuses it,
 * limited to 10 photos as well.
 */
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { useEffect, useId, useRef, useState } from 'react';
import { FallbackImage } from '@/client/components/fallback-image';
import { ListStates, LoadingList, RetryAlert } from '@/client/components/list-states';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { MAX_COMPANY_PHOTOS } from '@/shared/constants';
import type { CompanyImage } from '@/shared/schemas/business';
import { useCompanyImages } from '@/client/entities/companies/get-company-images';
import { ModeratedItemCard } from '@/client/entities/moderation/moderated-item-notice';
import { useMyModeratedItems } from '@/client/entities/moderation/moderation-api';
import { ReorderError, useSwapCompanyImages, type MoveDirection } from '../api/swap-company-images';
import { AddPhotoForm } from './add-photo-form';
import { CaptionForm } from './caption-form';
import { DeletePhotoDialog } from './delete-photo-dialog';

export interface PhotoManagerProps {
  companyId: number;
  /** Only for wording ("Photos of …"); the manager works without it. */
  companyName?: string;
  /** h3 when the page already titles the section with an h2. */
  headingLevel?: 'h2' | 'h3';
}

type Translate = ReturnType<typeof useT>;

const photoAlt = (t: Translate, image: CompanyImage, position: number) =>
  image.caption
    ? t('images.manager.photoAltCaptioned', { position, caption: image.caption })
    : t('images.manager.photo', { position });

function PhotoItem({
  companyId,
  image,
  position,
  count,
  editing,
  registerButton,
  onMove,
  onEdit,
  onEditDone,
  onDelete,
}: {
  companyId: number;
  image: CompanyImage;
  position: number;
  count: number;
  editing: boolean;
  registerButton(direction: MoveDirection | 'edit', element: HTMLButtonElement | null): void;
  onMove(direction: MoveDirection): void;
  onEdit(): void;
  onEditDone(saved: boolean): void;
  onDelete(): void;
}) {
  const t = useT();
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <FallbackImage
        src={image.thumbnailUrl ?? image.objectUrl}
        alt={photoAlt(t, image, position)}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
        fallbackClassName="object-contain p-8"
      />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('images.manager.photo', { position })}</p>
          {editing ? (
            <CaptionForm companyId={companyId} image={image} position={position} onDone={onEditDone} />
          ) : (
            <p className={`mt-0.5 break-words text-sm ${image.caption ? 'text-slate-900' : 'italic text-slate-600'}`}>
              {image.caption || t('images.manager.noCaption')}
            </p>
          )}
        </div>
        {!editing && (
          <div className="mt-auto flex flex-wrap items-center gap-1">
            <Button
              ref={(element) => registerButton('up', element)}
              variant="outline"
              size="icon"
              aria-label={t('images.manager.moveUpNamed', { position })}
              title={t('images.manager.moveUp')}
              disabled={position === 1}
              onClick={() => onMove('up')}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              ref={(element) => registerButton('down', element)}
              variant="outline"
              size="icon"
              aria-label={t('images.manager.moveDownNamed', { position })}
              title={t('images.manager.moveDown')}
              disabled={position === count}
              onClick={() => onMove('down')}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              ref={(element) => registerButton('edit', element)}
              variant="outline"
              size="icon"
              aria-label={t('images.manager.editCaptionNamed', { position })}
              title={t('images.manager.editCaption')}
              onClick={onEdit}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="ms-auto text-red-700 hover:bg-red-50 hover:text-red-800"
              aria-label={t('images.manager.deleteNamed', { position })}
              title={t('images.manager.delete')}
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function PhotosSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-64" />
      ))}
    </div>
  );
}

/** The company's photos a moderator hid or removed: gone from the gallery, with the reason and the appeal. */
function ModeratedPhotos({ companyId }: { companyId: number }) {
  const moderated = useMyModeratedItems();
  const photos = moderated.data?.filter((item) => item.itemType === 'photo' && item.companyId === companyId) ?? [];
  if (photos.length === 0) return null;
  return (
    <div className="grid gap-2">
      {photos.map((item) => (
        <ModeratedItemCard key={item.caseId} item={item} />
      ))}
    </div>
  );
}

export function PhotoManager({ companyId, companyName, headingLevel = 'h2' }: PhotoManagerProps) {
  const t = useT();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const images = useCompanyImages(companyId);
  const swap = useSwapCompanyImages(companyId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ image: CompanyImage; position: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Moving a photo moves its buttons in the page; the keyboard follows the photo it moved.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<{ id: number; direction: MoveDirection | 'edit'; position: number } | null>(null);
  const registerButton = (id: number) => (direction: MoveDirection | 'edit', element: HTMLButtonElement | null) => {
    const key = `${id}:${direction}`;
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };
  useEffect(() => {
    const wanted = focusNext.current;
    // Only once the photo stands where it was sent (the list reorders a moment after the click).
    if (!wanted || (images.data ?? []).findIndex((image) => image.id === wanted.id) + 1 !== wanted.position) return;
    const first = buttons.current.get(`${wanted.id}:${wanted.direction}`);
    const other = buttons.current.get(`${wanted.id}:${wanted.direction === 'up' ? 'down' : 'up'}`);
    const target = first && !first.disabled ? first : other && !other.disabled ? other : first;
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });

  useEffect(() => {
    if (images.error) console.warn('could not load company images', images.error);
  }, [images.error]);

  const list = images.data ?? [];
  const count = list.length;

  const onMove = (image: CompanyImage, position: number, direction: MoveDirection) => {
    if (swap.isPending) return; // one swap at a time: both calls read the current order
    const target = direction === 'up' ? position - 1 : position + 1;
    focusNext.current = { id: image.id, direction, position: target };
    swap.mutate(
      { imageId: image.id, direction },
      {
        onSuccess: () => setAnnouncement(t('images.manager.moved', { position, target })),
        onError: (error) => {
          // The list goes back to the server's order; so does the keyboard.
          focusNext.current = { id: image.id, direction, position };
          const message =
            error instanceof ReorderError ? t(error.messageKey) : errorMessage(error, t('images.manager.reorderFailedFallback'));
          notify.error(t('images.manager.reorderFailed'), message);
          console.warn('photo not moved', error);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle as={headingLevel} id={headingId} ref={headingRef} tabIndex={-1} className="focus:outline-none">
            {companyName ? t('images.manager.titleNamed', { name: companyName }) : t('images.manager.title')}
          </CardTitle>
          <CardDescription>{t('images.manager.description', { max: MAX_COMPANY_PHOTOS })}</CardDescription>
        </div>
        {images.isSuccess && (
          <p className="text-sm font-medium text-slate-700">{t('images.manager.count', { count, max: MAX_COMPANY_PHOTOS })}</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        <ModeratedPhotos companyId={companyId} />
        <AddPhotoForm companyId={companyId} count={count} ready={images.isSuccess} />
        <section aria-labelledby={headingId} aria-busy={images.isPending || swap.isPending}>
          <ListStates
            data={images.data}
            isPending={images.isPending}
            isError={images.isError}
            isEmpty={(loaded) => loaded.length === 0}
            loading={
              <LoadingList label={t('images.manager.loading')} busy={false}>
                <PhotosSkeleton />
              </LoadingList>
            }
            error={<RetryAlert title={t('images.manager.loadFailed')} onRetry={() => void images.refetch()} />}
            empty={t('images.manager.empty')}
          >
            {() => (
              <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('images.manager.listLabel')}>
                {list.map((image, index) => (
                  <PhotoItem
                    key={image.id}
                    companyId={companyId}
                    image={image}
                    position={index + 1}
                    count={count}
                    editing={editingId === image.id}
                    registerButton={registerButton(image.id)}
                    onMove={(direction) => onMove(image, index + 1, direction)}
                    onEdit={() => setEditingId(image.id)}
                    onEditDone={() => {
                      setEditingId(null);
                      focusNext.current = { id: image.id, direction: 'edit', position: index + 1 };
                    }}
                    onDelete={() => setDeleting({ image, position: index + 1 })}
                  />
                ))}
              </ol>
            )}
          </ListStates>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </section>
      </CardContent>
      <DeletePhotoDialog
        companyId={companyId}
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(position) => setAnnouncement(t('images.manager.deleted', { position }))}
        returnFocus={() => headingRef.current?.focus()}
      />
    </Card>
  );
}
