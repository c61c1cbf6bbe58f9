import styles from './Button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'
export type ButtonSize = 'sm' | 'md' | 'lg'

export type ButtonLook = {
  /** primary = the one accent action (sunshine); secondary = outlined; ghost = text-only. */
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  className?: string
}

/**
 * The class list of a Button, for an element that must look like one but isn't a Button. Its own
 * module: client code that needs only the look (the map's button, the error page) then carries no
 * Button component, whose link half pulls in next/link.
 */
export function buttonClassName({variant = 'primary', size = 'md', fullWidth = false, className}: ButtonLook = {}): string {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className].filter(Boolean).join(' ')
}
