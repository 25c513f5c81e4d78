import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

interface Props {
  icon?: LucideIcon;
  iconClassName?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A centred card for a whole-screen state: access required, verifying, verified, failed. */
export function StatusCard({ icon: Icon, iconClassName = 'text-blue-700', title, description, children }: Props) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="text-center">
        <CardHeader>
          {Icon && <Icon className={`mx-auto size-10 ${iconClassName}`} aria-hidden />}
          <CardTitle as="h1">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="flex flex-wrap justify-center gap-2">{children}</CardContent>}
      </Card>
    </div>
  );
}
