// Opens each predefined set-up of a .vmod in VASSAL's own engine, as File > New Game does
// (PredefinedSetup.getSavedGameContents, GameState.loadGameInForeground: the saved game's
// commands executed, the game started), and prints, one fact a line:
//   setup NAME | FILE          each predefined set-up (FILE "-": a new game, no file, which
//                              PredefinedSetup.launch starts)
//   boards SETUP | MAP | BOARDS  the boards each map has once the set-up is open
//   piece SETUP | MAP | ZONE | LOCATION | NAME   every piece, the zone it stands in ("-": none)
// With SETUP and PNG: that set-up alone is opened, its map shown in a window on the X display
// (Xvfb), zoomed to fit, and the screen saved as PNG by java.awt.Robot.
// Needs the wizard stand-ins in wizard_stubs/ on the class path (see its README).
// Everything that touches VASSAL's module, game state or windows runs on Swing's event thread,
// as it does in VASSAL itself (a set-up loaded from the main thread raced the event thread for
// a document's lock and could hang).
// Usage: SetupCheck MODULE.vmod [SETUP PNG]
import java.awt.Dimension;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Robot;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import VASSAL.tools.DataArchive;

public class SetupCheck {
  public static void main(String[] args) {
    int status = 1;
    try { status = run(args); } catch (Throwable t) { t.printStackTrace(); }
    System.out.flush();
    System.exit(status);
  }

  static void open(GameModule module, PredefinedSetup setup) throws Exception {
    GameState state = module.getGameState();
    state.setModified(false);  // closing the last set-up asks nothing
    state.loadGameInForeground(setup.getFileName(), setup.getSavedGameContents());
    if (!state.isGameStarted()) throw new IllegalStateException(setup.getConfigureName() + ": the game did not start");
  }

  static void collect(java.awt.Container c, StringBuilder words) {
    for (java.awt.Component k : c.getComponents()) {
      if (k instanceof javax.swing.JLabel) words.append(" ").append(((javax.swing.JLabel) k).getText());
      else if (k instanceof javax.swing.text.JTextComponent) words.append(" ").append(((javax.swing.text.JTextComponent) k).getText());
      else if (k instanceof javax.swing.AbstractButton) words.append(" [").append(((javax.swing.AbstractButton) k).getText()).append("]");
      if (k instanceof java.awt.Container) collect((java.awt.Container) k, words);
    }
  }

  interface Step { void run() throws Exception; }

  /** ``step`` on Swing's event thread, waited for; what it throws is thrown here. */
  static void onEventThread(Step step) throws Exception {
    Exception[] failed = {null};
    SwingUtilities.invokeAndWait(() -> {
      try { step.run(); } catch (Exception e) { failed[0] = e; }
    });
    if (failed[0] != null) throw failed[0];
  }

  static int run(String[] args) throws Exception {
    GameModule[] loaded = {null};
    List<PredefinedSetup> shown = new ArrayList<>();
    onEventThread(() -> loaded[0] = listSetups(args, shown));
    GameModule module = loaded[0];
    if (args.length > 2) {
      if (shown.isEmpty()) throw new IllegalArgumentException("no predefined set-up " + args[1]);
      Map[] found = {null};
      onEventThread(() -> {
        open(module, shown.get(0));
        for (Map m : module.getComponentsOf(Map.class)) if (m.getMapName().equals(args[1])) found[0] = m;
      });
      if (found[0] == null) throw new IllegalArgumentException("no map " + args[1]);
      picture(module, found[0], args);
    }
    System.out.println("OK");
    return 0;
  }

  /** Opens the module and prints each set-up; opens each in turn and prints its boards and
   * pieces, unless a picture is asked for (then ``shown`` gets the set-up named). */
  static GameModule listSetups(String[] args, List<PredefinedSetup> shown) throws Exception {
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> menus = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    java.lang.reflect.Constructor<?> make = menus.getDeclaredConstructor();
    make.setAccessible(true);
    make.newInstance();
    GameModule module = new GameModule(new DataArchive(args[0]));
    GameModule.init(module);
    for (PredefinedSetup setup : module.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      String name = setup.getConfigureName();
      System.out.println("setup " + name + " | " + (setup.isUseFile() ? setup.getFileName() : "-"));
      if (args.length > 2) {  // the picture: that set-up alone, as a player opens it
        if (name.equals(args[1])) shown.add(setup);
        continue;
      }
      if (setup.isUseFile()) open(module, setup);
      else {  // a new game: VASSAL's own launch (its at-start stacks laid, if any)
        module.getGameState().setModified(false);
        setup.launch();
      }
      for (Map map : module.getComponentsOf(Map.class)) {
        List<String> boards = new ArrayList<>();
        for (Board b : map.getBoards()) boards.add(b.getName());
        System.out.println("boards " + name + " | " + map.getMapName() + " | " + String.join(", ", boards));
        for (GamePiece top : map.getPieces()) {
          List<GamePiece> pieces = top instanceof Stack ? ((Stack) top).asList() : List.of(top);
          for (GamePiece p : pieces) {
            Point at = p.getPosition();
            Zone zone = map.findZone(at);
            System.out.println("piece " + name + " | " + map.getMapName() + " | " + (zone == null ? "-" : zone.getName())
                + " | " + map.locationName(at) + " | " + p.getName());
          }
        }
      }
    }
    return module;
  }

  /** The set-up's map in the module's own window, zoomed to fit, saved as PNG. */
  static void picture(GameModule module, Map shownMap, String[] args) throws Exception {
    Dimension screen = java.awt.Toolkit.getDefaultToolkit().getScreenSize();
    SwingUtilities.invokeAndWait(() -> {
      JFrame player = module.getPlayerWindow();  // the module's own window: menus, toolbar
      player.setBounds(0, 0, screen.width, screen.height);
      player.setVisible(true);
      java.awt.Window window = SwingUtilities.getWindowAncestor(shownMap.getView());
      window.setBounds(0, 90, screen.width, screen.height - 90);
      window.setVisible(true);
      Dimension board = shownMap.getBoards().iterator().next().getSize();
      double fit = Math.min((screen.width - 40) / (double) board.width, (screen.height - 120) / (double) board.height);
      shownMap.getZoomer().setZoomFactor(fit);
      window.toFront();
    });
    Thread.sleep(4000);  // the board's tiles are drawn in the background
    SwingUtilities.invokeAndWait(() -> {  // say what else VASSAL shows (a dialog), and close it
      for (java.awt.Window w : java.awt.Window.getWindows())
        if (w instanceof javax.swing.JDialog && w.isVisible() && w != SwingUtilities.getWindowAncestor(shownMap.getView())) {
          StringBuilder words = new StringBuilder();
          collect(((javax.swing.JDialog) w).getContentPane(), words);
          System.out.println("dialog " + ((javax.swing.JDialog) w).getTitle() + " |" + words);
          w.dispose();
        }
    });
    SwingUtilities.invokeAndWait(() -> shownMap.getView().repaint());
    Thread.sleep(2000);
    java.awt.image.BufferedImage shot = new Robot().createScreenCapture(new Rectangle(screen));
    ImageIO.write(shot, "png", new File(args[2]));
    System.out.println("screenshot " + args[1] + " | " + screen.width + "x" + screen.height + " | " + args[2]);
  }
}
