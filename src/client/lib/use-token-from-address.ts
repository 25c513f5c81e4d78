import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A mailed link's `?token`, read once; then it leaves the address, so it does not linger in the
 * history or reach a page opened from here.
 */
export function useTokenFromAddress(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  useEffect(() => {
    if (new URLSearchParams(location.search).has('token')) void navigate(location.pathname, { replace: true });
  }, [location, navigate]);
  return token;
}
