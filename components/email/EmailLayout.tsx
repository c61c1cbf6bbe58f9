import {Body} from '@react-email/body'
import {Column} from '@react-email/column'
import {Container} from '@react-email/container'
import {Head} from '@react-email/head'
import {Heading} from '@react-email/heading'
import {Hr} from '@react-email/hr'
import {Html} from '@react-email/html'
import {Link} from '@react-email/link'
import {Preview} from '@react-email/preview'
import {Row} from '@react-email/row'
import {Section} from '@react-email/section'
import {Text} from '@react-email/text'
import type {CSSProperties} from 'react'
import type {EmailView} from '@/lib/email/view'

/*
 * The one layout of every e-mail the site sends (React Email: table-based HTML with inline styles,
 * which mail programs from Gmail to Outlook display alike). The plain-text part is made from the
 * same HTML (components/email/render.ts), so both always say the same. Colours are the site's:
 * ink on white (15:1), deep teal headings, no red for money.
 */

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const styles = {
  body: {backgroundColor: '#fbf7ef', margin: 0, padding: '24px 0', fontFamily: font, color: '#14292d'},
  container: {backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '32px 28px', borderRadius: '8px'},
  brand: {margin: '0 0 16px', fontSize: '14px', fontWeight: 600, letterSpacing: '0.04em', textTransform: 'uppercase', color: '#0f5c5e'},
  heading: {margin: '0 0 16px', fontSize: '24px', lineHeight: '32px', color: '#0b3b3c'},
  paragraph: {margin: '0 0 16px', fontSize: '16px', lineHeight: '24px'},
  sectionHeading: {margin: '24px 0 8px', fontSize: '18px', lineHeight: '24px', color: '#0b3b3c'},
  row: {borderBottom: '1px solid #d5e3df'},
  label: {padding: '8px 12px 8px 0', fontSize: '15px', lineHeight: '22px', color: '#51626a', verticalAlign: 'top', width: '40%'},
  value: {padding: '8px 0', fontSize: '15px', lineHeight: '22px', verticalAlign: 'top', whiteSpace: 'pre-line'},
  amount: {padding: '8px 0', fontSize: '15px', lineHeight: '22px', textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap'},
  total: {padding: '12px 0 0', fontSize: '17px', lineHeight: '24px', fontWeight: 700},
  totalAmount: {padding: '12px 0 0', fontSize: '17px', lineHeight: '24px', fontWeight: 700, textAlign: 'right'},
  signature: {margin: '24px 0 0', fontSize: '16px', lineHeight: '24px'},
  // White on deep teal: 7.9:1.
  button: {display: 'inline-block', backgroundColor: '#0f5c5e', color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontSize: '16px', fontWeight: 600, textDecoration: 'none'},
  footer: {margin: 0, fontSize: '13px', lineHeight: '20px', color: '#51626a'},
} satisfies Record<string, CSSProperties>

export function EmailLayout({view}: {view: EmailView}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{view.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{view.footer[0]}</Text>
          <Heading as="h1" style={styles.heading}>
            {view.heading}
          </Heading>
          {/* By position: a reply typed in the office may repeat a line. */}
          {view.paragraphs.map((paragraph, index) => (
            <Text key={index} style={styles.paragraph}>
              {paragraph}
            </Text>
          ))}
          {view.sections.map((section) => (
            <Section key={section.heading}>
              <Heading as="h2" style={styles.sectionHeading}>
                {section.heading}
              </Heading>
              {section.rows.map((row) => (
                <Row key={row.label} style={styles.row}>
                  <Column style={styles.label}>{row.label}</Column>
                  <Column style={styles.value}>{row.value}</Column>
                </Row>
              ))}
            </Section>
          ))}
          {view.charges ? (
            <Section>
              <Heading as="h2" style={styles.sectionHeading}>
                {view.charges.heading}
              </Heading>
              {view.charges.rows.map((row, index) => (
                <Row key={`${index}-${row.label}`} style={styles.row}>
                  <Column style={{...styles.label, width: '70%'}}>{row.label}</Column>
                  <Column style={styles.amount}>{row.amount}</Column>
                </Row>
              ))}
              <Row>
                <Column style={styles.total}>{view.charges.total.label}</Column>
                <Column style={styles.totalAmount}>{view.charges.total.amount}</Column>
              </Row>
            </Section>
          ) : null}
          {view.closing.map((paragraph) => (
            <Text key={paragraph} style={{...styles.paragraph, marginTop: '16px'}}>
              {paragraph}
            </Text>
          ))}
          {view.action ? (
            <Section>
              <Text style={{...styles.paragraph, marginTop: '16px'}}>{view.action.text}</Text>
              <Link href={view.action.url} style={styles.button}>
                {view.action.label}
              </Link>
            </Section>
          ) : null}
          {view.signature.length > 0 ? (
            <Text style={styles.signature}>
              {view.signature.map((line, index) => (
                <span key={line}>
                  {index > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </Text>
          ) : null}
          {view.stop ? (
            <Text style={{...styles.paragraph, marginTop: '16px'}}>
              {view.stop.text} <Link href={view.stop.url}>{view.stop.url}</Link>
            </Text>
          ) : null}
          <Hr style={{borderColor: '#d5e3df', margin: '24px 0 16px'}} />
          {view.footer.map((line) => (
            <Text key={line} style={styles.footer}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  )
}
