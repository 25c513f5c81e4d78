/**
 * The message box under a thread: text and an optional image with a preview. Enter sends,
 * Shift+Enter adds a line. A vendor who cannot pay for the reply (402) is handed to
 * `onInsufficientCoins` (the Buy Coins flow) instead of an error toast.
 */
import ImagePlus from 'lucide-react/icons/image-plus';
import Send from 'lucide-react/icons/send';
import X from 'lucide-react/icons/x';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useObjectUrl } from '@/client/lib/use-object-url';
import { MAX_UPLOAD_BYTES, MAX_VENDOR_MESSAGE_IMAGE_BYTES } from '@/shared/constants';
import { MESSAGE_EMPTY_MESSAGE, MESSAGE_MAX_LENGTH } from '@/shared/schemas/quote';
import { QUOTE_IMAGE_TYPES } from '@/shared/schemas/upload';
import { usePostMessage, type PostMessageResponse } from '../api/post-message';

export interface InsufficientCoinsInfo {
  coinCost: number;
  userBalance: number;
}

export interface MessageComposerProps {
  quoteId: number;
  companyId: number;
  side: 'user' | 'company';
  /** A vendor's first paid reply: the coin cost the screen showed, which the reply confirms. */
  acceptedCoinCost?: number;
  disabled?: boolean;
  onSent?: (answer: PostMessageResponse) => void;
  /** A vendor's reply refused with 402: open the Buy Coins dialog. */
  onInsufficientCoins?: (info: InsufficientCoinsInfo) => void;
}

type Translate = ReturnType<typeof useT>;

/** What is wrong with a chosen message image, worded by side (each side has its own checks), or null when it is fine. */
export function messageImageProblem(t: Translate, file: { type: string; size: number }, side: 'user' | 'company'): string | null {
  if (side === 'user') {
    if (!file.type.startsWith('image/')) return t('messages.composer.notAnImage');
    if (file.size > MAX_UPLOAD_BYTES) return t('messages.composer.imageTooLargeCustomer');
    return null;
  }
  if (!file.type.startsWith('image/')) return t('messages.composer.notAnImage');
  if (file.size > MAX_VENDOR_MESSAGE_IMAGE_BYTES) return t('messages.composer.imageTooLargeCompany');
  return null;
}

const insufficientCoinsOf = (error: unknown): InsufficientCoinsInfo | null => {
  if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_COINS') return null;
  const body = (error.body ?? {}) as { coinCost?: unknown; userBalance?: unknown };
  return {
    coinCost: typeof body.coinCost === 'number' ? body.coinCost : 0,
    userBalance: typeof body.userBalance === 'number' ? body.userBalance : 0,
  };
};

export function MessageComposer({
  quoteId,
  companyId,
  side,
  acceptedCoinCost,
  disabled = false,
  onSent,
  onInsufficientCoins,
}: MessageComposerProps) {
  const t = useT();
  const translateText = useTranslateText();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(image);
  const post = usePostMessage();
  const textId = useId();
  const problemId = useId();
  const isBusy = post.isPending;

  const clearImage = () => {
    setImage(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const onPickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const found = messageImageProblem(t, file, side);
    if (found) {
      setProblem(found);
      clearImage();
      return;
    }
    setProblem(null);
    setImage(file);
  };

  const send = () => {
    if (disabled || isBusy) return;
    const message = text.trim();
    if (!message && !image) {
      setProblem(MESSAGE_EMPTY_MESSAGE);
      return;
    }
    if (message.length > MESSAGE_MAX_LENGTH) {
      setProblem(t('messages.composer.tooLong', { max: MESSAGE_MAX_LENGTH }));
      return;
    }
    setProblem(null);
    post.mutate(
      { quoteId, companyId, message, image, acceptedCoinCost },
      {
        onSuccess: (answer) => {
          setText('');
          clearImage();
          if (answer.coinInfo?.deducted) notify.success(t('messages.composer.sentCoinsDeducted'));
          else notify.success(t('messages.composer.sent'));
          onSent?.(answer);
        },
        onError: (error) => {
          const shortfall = insufficientCoinsOf(error);
          if (shortfall && onInsufficientCoins) {
            onInsufficientCoins(shortfall);
            return;
          }
          notify.error(t('messages.composer.sendFailed'), errorMessage(error, t('messages.composer.sendFailed')));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const isDisabled = disabled || isBusy;
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3"
      aria-label={t('messages.composer.label')}
    >
      {preview && (
        <div className="relative w-fit">
          <img
            src={preview}
            alt={t('messages.composer.previewAlt')}
            className="max-h-32 rounded-md border border-slate-200 object-contain"
          />
          <Button
            variant="secondary"
            size="icon"
            className="absolute -end-2 -top-2 size-7 rounded-full shadow"
            onClick={clearImage}
            aria-label={t('messages.composer.removeImage')}
            disabled={isBusy}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <Label htmlFor={textId} className="sr-only">
        {t('messages.composer.messageLabel')}
      </Label>
      <Textarea
        id={textId}
        rows={2}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (problem === MESSAGE_EMPTY_MESSAGE) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={disabled ? t('messages.composer.unavailable') : t('messages.composer.placeholder')}
        disabled={isDisabled}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="resize-none"
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {/* The empty message's refusal is the shared schema's, found in the page's words by its own. */}
          {translateText(problem)}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileInputRef}
          type="file"
          accept={QUOTE_IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={t('messages.composer.imageInput')}
          onChange={onPickImage}
          disabled={isDisabled}
          data-testid="message-image-input"
        />
        <Button variant="outline" size="sm" onClick={() => fileInputRef.current?.click()} disabled={isDisabled}>
          <ImagePlus aria-hidden />
          {image ? t('messages.composer.changeImage') : t('messages.composer.addImage')}
        </Button>
        <Button type="submit" size="sm" disabled={isDisabled}>
          {isBusy ? <Spinner /> : <Send aria-hidden />}
          {isBusy ? t('messages.composer.sending') : t('messages.composer.send')}
        </Button>
      </div>
    </form>
  );
}
