import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export const CHANGE_PRODUCT_TITLE = 'Change the membership product?';

/** The confirm dialog for changing the payment product (spec 001 §2, §4): it may break an app with paying users. */
export function ChangeProductDialog({
  from,
  to,
  onConfirm,
  onCancel,
}: {
  /** the connected product's name */
  from: string;
  /** the chosen product's name; null: the dialog is closed */
  to: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={to !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{CHANGE_PRODUCT_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>
            Your app is connected to <strong className="text-foreground">{from}</strong>. Connecting{' '}
            <strong className="text-foreground">{to}</strong> instead may break your app for users who already
            pay: only purchases of the new product give access.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {from}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Change product</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
