import { useSearchParams } from 'react-router';
import { ClaimLanding } from '@/client/features/claims/components/claim-landing';

/** /quotes?cid={claimId}: the link an unclaimed listing's business receives. */
export default function ClaimPage() {
  const [search] = useSearchParams();
  return <ClaimLanding cid={search.get('cid')?.trim() || null} />;
}
