import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { Children, createContext, isValidElement, useContext, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldClasses } from './input.tsx';
import { menuPanelClasses } from './dropdown-menu.tsx';

interface SelectState {
  open: boolean;
  /** The chosen item's text, read from the items as written (they are not drawn while the list is closed). */
  label: ReactNode;
}

const SelectStateContext = createContext<SelectState>({ open: true, label: undefined });

/** The children of the first `type` element among `children`. */
function childrenOf(children: ReactNode, type: unknown): ReactNode {
  const found = Children.toArray(children).find((child) => isValidElement(child) && child.type === type);
  return isValidElement<{ children?: ReactNode }>(found) ? found.props.children : undefined;
}

function itemLabel(children: ReactNode, value: string | undefined): ReactNode {
  const item = Children.toArray(childrenOf(children, SelectContent)).find(
    (child) => isValidElement<{ value?: string }>(child) && child.type === SelectItem && child.props.value === value,
  );
  return isValidElement<{ children?: ReactNode }>(item) ? item.props.children : undefined;
}

/**
 * Radix's select, with its list drawn only while open. Closed, Radix draws every item off screen to show the chosen
 * one's text, and each item sets state as it mounts: a page with a few selects paid for a second, synchronous render
 * in the commit that drew it. Here the trigger shows the chosen item's text from the items as written instead.
 */
export function Select({ children, open, defaultOpen, onOpenChange, value, defaultValue, onValueChange, ...props }: ComponentProps<typeof SelectPrimitive.Root>) {
  const [openState, setOpenState] = useState(defaultOpen ?? false);
  const [valueState, setValueState] = useState(defaultValue);
  const isOpen = open ?? openState;
  const current = value ?? valueState;
  return (
    <SelectPrimitive.Root
      {...props}
      open={isOpen}
      onOpenChange={(next) => {
        setOpenState(next);
        onOpenChange?.(next);
      }}
      value={current}
      onValueChange={(next) => {
        setValueState(next);
        onValueChange?.(next);
      }}
    >
      <SelectStateContext.Provider value={{ open: isOpen, label: itemLabel(children, current) }}>{children}</SelectStateContext.Provider>
    </SelectPrimitive.Root>
  );
}

export function SelectValue(props: ComponentProps<typeof SelectPrimitive.Value>) {
  const { label } = useContext(SelectStateContext);
  return <SelectPrimitive.Value {...props}>{props.children ?? label}</SelectPrimitive.Value>;
}

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger className={cn(fieldClasses, 'flex h-10 items-center justify-between gap-2 text-left', className)} {...props}>
      {children}
      <SelectPrimitive.Icon>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  const { open } = useContext(SelectStateContext);
  if (!open) return null;
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content position="popper" sideOffset={6} className={cn(menuPanelClasses, 'min-w-[var(--radix-select-trigger-width)]', className)} {...props}>
        <SelectPrimitive.Viewport>{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn('relative flex h-9 cursor-default items-center rounded-lg pr-8 pl-2.5 outline-none select-none data-[highlighted]:bg-muted', className)}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <SelectPrimitive.ItemIndicator className="absolute right-2.5">
        <Check className="size-4 text-primary" aria-hidden />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  );
}
