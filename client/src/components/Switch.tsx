import type { InputHTMLAttributes } from 'react';
import './Switch.css';

/** A checkbox drawn as a switch (role="switch"), its label beside it. */
export function Switch({ label, ...input }: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <label className="switch">
      <input type="checkbox" role="switch" {...input} />
      <span>{label}</span>
    </label>
  );
}
