import { Link } from 'react-router'
import { Callout, Prose } from '../../components/Prose'

export function AndroidAppPage() {
  return (
    <Prose
      title="Fanspole on your phone"
      intro="There is no separate Android download any more: Fanspole is a web app, and it installs from your browser in a few seconds."
    >
      <Callout>
        The original Fanspole shipped an Android app outside the Play Store. This edition is web-only: the
        same app you are using now, with nothing extra to download and nothing to update by hand.
      </Callout>

      <h2>Install on Android (Chrome)</h2>
      <ol>
        <li>Open Fanspole in Chrome.</li>
        <li>Tap the menu (the three dots at the top right).</li>
        <li>
          Tap <strong>Install app</strong> or <strong>Add to Home screen</strong>, then confirm.
        </li>
        <li>Fanspole now opens from its own icon, full screen, like any other app.</li>
      </ol>

      <h2>Install on iPhone or iPad (Safari)</h2>
      <ol>
        <li>Open Fanspole in Safari.</li>
        <li>
          Tap the <strong>Share</strong> button, then <strong>Add to Home Screen</strong>.
        </li>
        <li>Tap Add. The Fanspole icon appears on your home screen.</li>
      </ol>

      <h2>Install on a laptop (Chrome or Edge)</h2>
      <ol>
        <li>Open Fanspole in the browser.</li>
        <li>
          Click the install icon at the right end of the address bar, or use the menu and choose{' '}
          <strong>Install Fanspole</strong>.
        </li>
        <li>It opens in its own window and can be pinned to the taskbar or dock.</li>
      </ol>

      <h2>Good to know</h2>
      <ul>
        <li>The installed app is always the latest version: it loads from the Fanspole server you use.</li>
        <li>You stay signed in for up to a year unless you log out.</li>
        <li>Live scores, auction bids and notifications arrive in real time while the app is open.</li>
        <li>
          Using Fanspole Local on another device in the same network? Start the server so it listens on your
          network address and open that address on the phone.
        </li>
      </ul>
      <p>
        Need a hand? Visit the <Link to="/help">help centre</Link>.
      </p>
    </Prose>
  )
}
