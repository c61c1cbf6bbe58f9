import Link from 'next/link'
import type {AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode} from 'react'
import {buttonClassName, type ButtonLook} from './button-class'
import styles from './Button.module.css'

export type {ButtonSize, ButtonVariant} from './button-class'

type CommonProps = ButtonLook & {
  /** Decorative icon before / after the label (e.g. <PhoneIcon />); hidden from assistive tech. */
  iconStart?: ReactNode
  iconEnd?: ReactNode
  children: ReactNode
}

export type ButtonLinkProps = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children' | 'className'> & {
    href: string
    /**
     * Open in a new tab (adds target/rel and a hidden "(opens in a new tab)" for screen readers).
     * Defaults to true for http(s) addresses on another site, false otherwise.
     */
    newTab?: boolean
    /** Passed to next/link for internal addresses. */
    prefetch?: boolean
  }

export type ButtonAsButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className'> & {href?: undefined}

export type ButtonProps = ButtonLinkProps | ButtonAsButtonProps

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i // any scheme (https:, tel:, mailto:) or protocol-relative

function Label({iconStart, iconEnd, children}: Pick<CommonProps, 'iconStart' | 'iconEnd' | 'children'>) {
  return (
    <>
      {iconStart ? (
        <span className={styles.icon} aria-hidden="true">
          {iconStart}
        </span>
      ) : null}
      <span>{children}</span>
      {iconEnd ? (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      ) : null}
    </>
  )
}

/**
 * The site's one button. With `href` it renders a link (next/link for internal paths, a plain <a>
 * for tel:, mailto:, other sites and in-page #anchors); without, a <button type="button">.
 */
export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const {variant, size, fullWidth, iconStart, iconEnd, className, children, href, newTab, prefetch, ...rest} =
      props
    const classes = buttonClassName({variant, size, fullWidth, className})
    const isExternal = EXTERNAL.test(href)
    const opensNewTab = newTab ?? /^(?:https?:)?\/\//i.test(href)
    const label = (
      <Label iconStart={iconStart} iconEnd={iconEnd}>
        {children}
        {opensNewTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </Label>
    )
    const tabProps = opensNewTab ? {target: '_blank', rel: 'noopener noreferrer'} : {}

    if (isExternal || href.startsWith('#')) {
      return (
        <a href={href} className={classes} {...tabProps} {...rest}>
          {label}
        </a>
      )
    }
    return (
      // prefetch only when given: an undefined prop still costs the router data a "$undefined".
      <Link href={href} {...(prefetch !== undefined && {prefetch})} className={classes} {...tabProps} {...rest}>
        {label}
      </Link>
    )
  }

  const {variant, size, fullWidth, iconStart, iconEnd, className, children, type = 'button', ...rest} = props
  return (
    <button type={type} className={buttonClassName({variant, size, fullWidth, className})} {...rest}>
      <Label iconStart={iconStart} iconEnd={iconEnd}>
        {children}
      </Label>
    </button>
  )
}
