import CheckCircle2 from 'lucide-react/icons/circle-check';
import LinkIcon from 'lucide-react/icons/link';
import SearchX from 'lucide-react/icons/search-x';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { StatusCard } from '@/client/components/status-card';
import { Alert } from '@/client/components/ui/alert';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { useAuthDialogs, type AuthDialogView } from '@/client/lib/auth-dialog-state';
import { useCurrentUser } from '@/client/lib/current-user';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { clearRedirectIntent, peekRedirectUrl, saveRedirectIntent } from '@/client/lib/redirect-intent';
import { usePageTitle } from '@/client/lib/use-page-title';
import { CLAIM_ID_PATTERN, type Claim, type ClaimRedirectIntent } from '@/shared/schemas/claims';
import { useClaim } from '../api/get-claim';
import { useRedeemClaim } from '../api/redeem-claim';
import { ClaimBusinessCard, ClaimQuoteCard, ClaimSkeleton, RegisterToReplyPanel } from './claim-details';

/** Where a redeemed claim leads: the vendor inbox on the quote's thread, where the new owner can reply. */
export const inboxUrlOf = (quoteId: number) => `/vendorquotes?quote_id=${quoteId}`;
export const claimUrlOf = (cid: string) => `/quotes?cid=${encodeURIComponent(cid)}`;

const intentFor = (quoteId: number, redirectUrl: string): ClaimRedirectIntent => ({
  type: 'vendor_quote',
  quoteId,
  redirectUrl,
});

function InvalidClaim() {
  const t = useT();
  usePageTitle(t('claims.invalid.title'));
  return (
    <StatusCard
      icon={LinkIcon}
      iconClassName="text-red-700"
      title={t('claims.invalid.title')}
      description={t('claims.invalid.description')}
    >
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        {t('claims.landing.backHome')}
      </Link>
    </StatusCard>
  );
}

function ClaimNotFound() {
  const t = useT();
  usePageTitle(t('claims.notFound.title'));
  return (
    <StatusCard
      icon={SearchX}
      iconClassName="text-red-700"
      title={t('claims.notFound.title')}
      description={t('claims.notFound.description')}
    >
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        {t('claims.landing.backHome')}
      </Link>
    </StatusCard>
  );
}

function Working({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <StatusCard
      title={title}
      description={
        <span className="inline-flex items-center gap-2" role="status">
          <Spinner /> {text}
        </span>
      }
    />
  );
}

/** A signed-out visitor on a claim someone already took: log in as that owner to go on. */
function AlreadyRedeemed() {
  const t = useT();
  usePageTitle(t('claims.redeemed.title'));
  const { openDialog } = useAuthDialogs();
  return (
    <StatusCard
      icon={CheckCircle2}
      iconClassName="text-green-700"
      title={t('claims.redeemed.title')}
      description={t('claims.redeemed.description')}
    >
      <Button onClick={() => openDialog('login')}>{t('claims.redeemed.logIn')}</Button>
    </StatusCard>
  );
}

function ClaimOverview({
  claim,
  isSignedIn,
  redeemError,
  onAccount,
}: {
  claim: Claim;
  isSignedIn: boolean;
  redeemError: unknown;
  onAccount(view: AuthDialogView): void;
}) {
  const t = useT();
  const translateText = useTranslateText();
  usePageTitle(t('claims.overview.pageTitle', { company: claim.company.name }));
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('claims.overview.title')}</h1>
        <p className="mt-2 text-slate-700">
          <Message
            id="claims.overview.intro"
            values={{ company: claim.company.name }}
            parts={{ 0: <span className="font-semibold" /> }}
          />
        </p>
      </div>
      {redeemError ? (
        <Alert variant="error" title={t('claims.overview.redeemFailed')}>
          {translateText(errorMessage(redeemError, t('claims.overview.redeemFailedText')))}
        </Alert>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <ClaimBusinessCard company={claim.company} />
        <ClaimQuoteCard quote={claim.quote} />
      </div>
      {!isSignedIn && (
        <RegisterToReplyPanel
          companyName={claim.company.name}
          onCreateAccount={() => onAccount('signup')}
          onLogIn={() => onAccount('login')}
        />
      )}
    </div>
  );
}

/**
 * The claim landing page: signed out, the listing and the quote with a way to get an account;
 * signed in, the claim redeems itself once and the owner lands in the vendor inbox.
 */
function ClaimView({ cid }: { cid: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { openDialog } = useAuthDialogs();
  const me = useCurrentUser();
  const claim = useClaim(cid);
  const redeem = useRedeemClaim();
  const { mutate: redeemClaim } = redeem;
  const attempted = useRef(false);
  const user = me.data ?? null;
  const data = claim.data;

  useEffect(() => {
    // Shown as "Claim Not Found"; an expected failure, so no console.error.
    if (claim.isError) console.warn('Failed to fetch claim', claim.error);
  }, [claim.isError, claim.error]);

  useEffect(() => {
    if (me.isPending || !data) return;
    const inboxUrl = inboxUrlOf(data.quoteId);
    if (!user) {
      // Once logged in (on this screen or another), the owner goes straight to the quote.
      if (data.redeemedAt) saveRedirectIntent(intentFor(data.quoteId, inboxUrl));
      return;
    }
    // The intent that brought the user back here is spent.
    const pending = peekRedirectUrl();
    if (pending === claimUrlOf(cid) || pending === inboxUrl) clearRedirectIntent();
    if (data.redeemedAt) {
      void navigate(inboxUrl, { replace: true });
      return;
    }
    if (attempted.current) return;
    attempted.current = true;
    redeemClaim(cid, {
      onSuccess: (answer) => void navigate(inboxUrlOf(answer.quoteId), { replace: true }),
      // A redeem failure is only logged; the page explains it beside the claim.
      onError: (error) => console.warn('Failed to redeem claim', error),
    });
  }, [me.isPending, user, data, cid, navigate, redeemClaim]);

  if (me.isPending || claim.isPending) return <ClaimSkeleton />;
  if (claim.isError) return <ClaimNotFound />;
  const current = claim.data;

  if (user && current.redeemedAt && !redeem.isError) {
    return <Working title={t('claims.working.openingTitle')} text={t('claims.working.opening')} />;
  }
  if (user && !redeem.isError) {
    return (
      <Working title={t('claims.working.claimingTitle')} text={t('claims.working.claiming', { company: current.company.name })} />
    );
  }
  if (!user && current.redeemedAt) return <AlreadyRedeemed />;

  const onAccount = (view: AuthDialogView) => {
    // After signing up or in, the visitor comes back here and the claim redeems itself.
    saveRedirectIntent(intentFor(current.quoteId, claimUrlOf(cid)));
    openDialog(view);
  };
  return <ClaimOverview claim={current} isSignedIn={!!user} redeemError={redeem.error} onAccount={onAccount} />;
}

export function ClaimLanding({ cid }: { cid: string | null }) {
  if (!cid) return <InvalidClaim />;
  // A malformed id cannot name a claim: no need to ask the server.
  if (!CLAIM_ID_PATTERN.test(cid)) return <ClaimNotFound />;
  return <ClaimView key={cid} cid={cid} />;
}
